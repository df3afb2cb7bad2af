/**
 * Reads a whole filtered list page by page, one request after the other (the server is asked for
 * at most 500 rows at a time), reporting progress; an abort stops it between or during requests.
 */
import { ApiError } from '../api/http.ts';
import { DEFAULT_PARAMS, MAX_PAGE_SIZE } from './query.ts';
import type { ListConfig, PageResult } from './types.ts';

export interface Progress {
  done: number;
  total: number;
}

export async function fetchAllPages<R, P extends PageResult<R>>(
  config: Pick<ListConfig<R, P>, 'fetch' | 'params'>,
  query: Record<string, string | number>,
  opts: { signal: AbortSignal; pageSize?: number; onProgress?: (p: Progress) => void },
): Promise<{ rows: R[]; last: P | undefined }> {
  const p = { ...DEFAULT_PARAMS, ...config.params };
  const size = Math.min(opts.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const rows: R[] = [];
  let last: P | undefined;
  for (let page = 1; ; page++) {
    if (opts.signal.aborted) throw new ApiError('', 0, 0, true);
    last = await config.fetch({ ...query, [p.page]: page, [p.size]: size }, opts.signal);
    rows.push(...last.records);
    opts.onProgress?.({ done: rows.length, total: Math.max(last.total, rows.length) });
    // A short page is the last one; so is reaching the count (rows added meanwhile stay out).
    if (last.records.length < size || rows.length >= last.total) break;
  }
  return { rows, last };
}

/**
 * The one file name scheme of every list export: "<title> <YYYY-MM-DD>.xlsx", the list's translated
 * title and the statistics day of the export (STAT_TIMEZONE, not the browser's). Characters that no
 * file system accepts become spaces; an empty title falls back to "export".
 */
export function exportFileName(title: string, day: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${clean || 'export'} ${day}.xlsx`;
}
