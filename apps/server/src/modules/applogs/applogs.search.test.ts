/**
 * How a search finds its entries (applogs.service.ts searchMatches, README "The list"): which lookups
 * it makes for a text common lately, found lately but less often, seldom seen lately, and common long
 * ago (the newest-first trigram lookup timed out). A stub repo records the calls.
 */
import { APP_LOG_SEARCH_TOTAL_BOUND } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { type AppLogsRepo, RECENT_PROBE_MAX_ROWS, RECENT_PROBE_ROWS } from './applogs.repo.ts';
import { createAppLogsService } from './applogs.service.ts';

type Match = { id: number; time: number };
const rows = (n: number): Match[] => Array.from({ length: n }, (_, i) => ({ id: 1000 - i, time: 1000 - i }));

function stub(opts: { recent: (window: number) => number; sorted: number | null; unordered?: number }) {
  const calls: string[] = [];
  const repo = {
    recentMatches: async (_s: unknown, _f: unknown, limit: number, window: number) => {
      calls.push(`recent ${window}`);
      return rows(Math.min(limit, opts.recent(window)));
    },
    matches: async (_s: unknown, _f: unknown, limit: number, order?: { newestFirst: boolean }) => {
      calls.push(order?.newestFirst ? 'index newest' : 'index');
      if (order?.newestFirst) return opts.sorted === null ? null : rows(Math.min(limit, opts.sorted));
      return rows(Math.min(limit, opts.unordered ?? 0)).reverse();
    },
    byIds: async (ids: readonly number[]) => ids.map((id) => ({ id })),
    page: async () => {
      calls.push('scan page');
      return [{ id: 1 }];
    },
  } as unknown as AppLogsRepo;
  return { calls, service: createAppLogsService({ repo, retentionDays: 90 }) };
}

const query = { pageIndex: 1, size: 20, search: 'RTK' };
const B = APP_LOG_SEARCH_TOTAL_BOUND;

describe('a search', () => {
  it('a text common lately is counted among the newest entries only', async () => {
    const { calls, service } = stub({ recent: () => 5000, sorted: 0 });
    const page = await service.list({ kind: 'all' }, query);
    expect(calls).toEqual([`recent ${RECENT_PROBE_ROWS}`]);
    expect(page).toMatchObject({ total: B, totalBounded: true });
    expect(page.records.map((r) => r.id)).toEqual(rows(20).map((r) => r.id));
  });

  it('found lately, less often: looks as far back as its share says, within the most', async () => {
    const { calls, service } = stub({ recent: (w) => Math.floor(w / 100), sorted: 0 });
    const page = await service.list({ kind: 'all' }, query);
    const further = Math.ceil((RECENT_PROBE_ROWS * (B + 1) * 1.5) / 100);
    expect(further).toBeLessThanOrEqual(RECENT_PROBE_MAX_ROWS);
    expect(calls).toEqual([`recent ${RECENT_PROBE_ROWS}`, `recent ${further}`]);
    expect(page.totalBounded).toBe(true);
  });

  it('seldom seen lately: the trigram index, newest first, gives count and page', async () => {
    const { calls, service } = stub({ recent: () => 3, sorted: 57 });
    const page = await service.list({ kind: 'all' }, query);
    expect(calls).toEqual([`recent ${RECENT_PROBE_ROWS}`, 'index newest']);
    expect(page).toMatchObject({ total: 57, totalBounded: false });
    expect(page.records.map((r) => r.id)).toEqual(rows(20).map((r) => r.id));
  });

  it('common long ago (the sorted lookup timed out): counted in no order, the page read by time', async () => {
    const { calls, service } = stub({ recent: () => 0, sorted: null, unordered: 5000 });
    const page = await service.list({ kind: 'all' }, query);
    expect(calls).toEqual([`recent ${RECENT_PROBE_ROWS}`, 'index newest', 'index', 'scan page']);
    expect(page).toMatchObject({ total: B, totalBounded: true });
  });

  it('rare, timed out and within the bound: sorted here', async () => {
    const { calls, service } = stub({ recent: () => 0, sorted: null, unordered: 7 });
    const page = await service.list({ kind: 'all' }, query);
    expect(calls).toEqual([`recent ${RECENT_PROBE_ROWS}`, 'index newest', 'index']);
    expect(page.records.map((r) => r.id)).toEqual(rows(7).map((r) => r.id));
  });
});
