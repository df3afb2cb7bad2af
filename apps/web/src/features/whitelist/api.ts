/** Accessory whitelist calls (packages/domain contracts/whitelist.ts) through the one http client. */
import { WHITELIST_PATHS, type WhitelistEntry, type WhitelistUploadResult } from '@agrifleet/domain';
import { http } from '../../api/http.ts';

export type WhitelistPage = { records: WhitelistEntry[]; total: number; current: number; size: number };

/** The contract's paths without the /api the client adds. */
const rel = (path: string) => path.replace(/^\/api\//, '');

export const whitelistApi = {
  page: (query: Record<string, string | number>, signal?: AbortSignal) =>
    http.get<WhitelistPage>(rel(WHITELIST_PATHS.list), query, { signal }),
  /** Multipart: the type field, then the file part (.txt, .csv or .xlsx); all or nothing. */
  upload: (type: number, file: File) => {
    const form = new FormData();
    form.set('type', String(type));
    form.set('file', file, file.name);
    return http.post<WhitelistUploadResult>(rel(WHITELIST_PATHS.upload), form);
  },
  remove: (id: number) => http.del<null>(rel(WHITELIST_PATHS.entry.replace(':id', String(id)))),
};
