/**
 * The rate table dialog's rows as the server wants them (pure; tested in rates.test.ts): 元/亩 typed
 * with up to two decimals become whole fen per mu, empty rows are dropped, a crop left empty rates
 * every crop, and a row repeated (same region, crop, terrain) is a problem named by its line.
 */
import type { RateTableBody, TerrainClass } from '@agrifleet/domain';

export interface RateDraft {
  regionCode?: number;
  cropId?: number | null;
  terrain: TerrainClass;
  /** 元/亩 as typed. */
  yuanPerMu?: number | null;
}

export const fenOfYuan = (yuan: number) => Math.round(yuan * 100);

export type RateProblem = { line: number; key: 'region' | 'rate' | 'duplicate' };

/** What is wrong with a row (none for a good or an empty row); a good row's key joins `seen`. */
function draftProblem(d: RateDraft, seen: Set<string>): RateProblem['key'] | null {
  if (d.regionCode == null && d.yuanPerMu == null) return null;
  if (d.regionCode == null) return 'region';
  if (d.yuanPerMu == null || !(d.yuanPerMu >= 0) || d.yuanPerMu > 10_000) return 'rate';
  const key = `${d.regionCode}/${d.cropId ?? ''}/${d.terrain}`;
  if (seen.has(key)) return 'duplicate';
  seen.add(key);
  return null;
}

export function rateBody(
  drafts: readonly RateDraft[],
  head: { region: number; year: number; hillRegions: number[]; remark?: string },
): { body: RateTableBody | null; problems: RateProblem[] } {
  const problems: RateProblem[] = [];
  const seen = new Set<string>();
  const rows: RateTableBody['rows'] = [];
  drafts.forEach((d, i) => {
    const problem = draftProblem(d, seen);
    if (problem) problems.push({ line: i + 1, key: problem });
    else if (d.regionCode != null && d.yuanPerMu != null)
      rows.push({
        regionCode: d.regionCode,
        cropId: d.cropId ?? null,
        terrain: d.terrain,
        fenPerMu: fenOfYuan(d.yuanPerMu),
      });
  });
  if (problems.length || !rows.length) return { body: null, problems };
  const remark = head.remark?.trim();
  return {
    body: {
      region: head.region,
      year: head.year,
      rows,
      hillRegions: head.hillRegions,
      ...(remark ? { remark } : {}),
    },
    problems,
  };
}
