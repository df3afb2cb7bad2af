/**
 * App logs: the ingest of a batch (bounds of time, drones and sorties the key's account may name,
 * fingerprints, duplicates dropped) and the list (search bounds, bounded total). README.md.
 */
import { createHash } from 'node:crypto';
import {
  APP_LOG_MAX_PAGE_SIZE,
  APP_LOG_MIN_SEARCH,
  APP_LOG_SEARCH_TOTAL_BOUND,
  APP_LOG_TOTAL_BOUND,
  type AppLogBatchResult,
  type AppLogEntry,
  type AppLogPage,
  type AppLogPageQuery,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { errors } from '../../platform/errors.ts';
import { monthStart, PARTITION_MONTHS_AHEAD } from './applogs.partitions.ts';
import {
  type AppLogsRepo,
  RECENT_PROBE_MAX_ROWS,
  RECENT_PROBE_ROWS,
  RECENT_PROBE_ROWS_TYPED,
  type StoredEntry,
} from './applogs.repo.ts';

const DAY_MS = 86_400_000;
/**
 * Fewer than this many found among the newest entries: the text is seldom seen lately (under 0.2 %
 * of 10,000), and the trigram index, reading each entry it finds, is cheaper than looking further.
 */
const RECENT_FEW = 20;
/** How long the trigram lookup may sort what it finds before the search gives the order up. */
const SEARCH_SORT_TIMEOUT_MS = 250;

/**
 * The entry's fingerprint: the first 16 bytes of SHA-256 over the sending account and every field of
 * the entry, as JSON of a fixed field order. The same entry sent again (a retry after a lost answer)
 * has the same fingerprint; two entries that differ in anything, or come from two accounts, do not.
 */
export function appLogFingerprint(accountId: number, e: AppLogEntry): Buffer {
  const canonical = JSON.stringify([
    accountId,
    e.type,
    e.level,
    e.time,
    e.appVersion,
    e.droneId ?? null,
    e.sortieId ?? null,
    e.message,
  ]);
  return createHash('sha256').update(canonical).digest().subarray(0, 16);
}

export function createAppLogsService(deps: { repo: AppLogsRepo; retentionDays: number; now?: () => number }) {
  const { repo, retentionDays } = deps;
  const now = deps.now ?? Date.now;
  /**
   * Up to `limit` entries holding the text (README "The list"), newest first where said. First the
   * newest entries, read by the time index: a text in more than about 2 % of them is found past the
   * bound there. A text found, but less often, is looked for as far back as its share says the bound
   * lies, within RECENT_PROBE_MAX_ROWS. A text seldom seen lately goes to the trigram index, newest
   * first (reading each entry it finds) within SEARCH_SORT_TIMEOUT_MS, else in no order: a text
   * common long ago.
   */
  async function searchMatches(
    scope: DataScope,
    filter: { type?: AppLogPageQuery['type']; search: string },
    limit: number,
  ): Promise<{ matches: Array<{ id: number; time: number }>; newestFirst: boolean }> {
    const first = filter.type ? RECENT_PROBE_ROWS_TYPED : RECENT_PROBE_ROWS;
    let recent = await repo.recentMatches(scope, filter, limit, first);
    if (recent.length >= limit) return { matches: recent, newestFirst: true };
    if (recent.length >= RECENT_FEW) {
      const further = Math.ceil((first * limit * 1.5) / recent.length);
      if (further <= RECENT_PROBE_MAX_ROWS) {
        recent = await repo.recentMatches(scope, filter, limit, further);
        if (recent.length >= limit) return { matches: recent, newestFirst: true };
      }
    }
    const sorted = await repo.matches(scope, filter, limit, {
      newestFirst: true,
      timeoutMs: SEARCH_SORT_TIMEOUT_MS,
    });
    if (sorted) return { matches: sorted, newestFirst: true };
    return { matches: (await repo.matches(scope, filter, limit)) ?? [], newestFirst: false };
  }

  return {
    async ingest(accountId: number, entries: readonly AppLogEntry[]): Promise<AppLogBatchResult> {
      const t = now();
      const oldest = t - retentionDays * DAY_MS;
      const newest = t + DAY_MS;
      entries.forEach((e, i) => {
        if (e.time < oldest || e.time > newest)
          throw errors.badRequest('appLogTimeOutOfRange', { index: i + 1, days: retentionDays });
      });
      const droneIds = [...new Set(entries.flatMap((e) => (e.droneId ? [e.droneId] : [])))];
      const own = await repo.ownDrones(accountId, droneIds);
      entries.forEach((e, i) => {
        if (e.droneId && !own.has(e.droneId))
          throw errors.badRequest('appLogDroneNotYours', { index: i + 1, droneId: e.droneId });
      });
      const sortieIds = [...new Set(entries.flatMap((e) => (e.sortieId ? [e.sortieId] : [])))];
      const sortieDrone = await repo.sortieDrones(sortieIds);
      entries.forEach((e, i) => {
        if (e.sortieId !== undefined && sortieDrone.get(e.sortieId) !== e.droneId)
          throw errors.badRequest('appLogSortieUnknown', {
            index: i + 1,
            sortieId: e.sortieId,
            droneId: e.droneId ?? '',
          });
      });
      const stored: StoredEntry[] = entries.map((e) => ({
        type: e.type,
        level: e.level,
        time: e.time,
        appVersion: e.appVersion,
        droneId: e.droneId ?? null,
        sortieId: e.sortieId ?? null,
        message: e.message,
        fingerprint: appLogFingerprint(accountId, e),
      }));
      const accepted = await repo.insert(accountId, stored);
      return { accepted, duplicates: entries.length - accepted };
    },

    async list(scope: DataScope, q: AppLogPageQuery): Promise<AppLogPage> {
      const search = q.search?.trim() || undefined;
      if (search !== undefined && [...search].length < APP_LOG_MIN_SEARCH)
        throw errors.badRequest('appLogSearchShort', { min: APP_LOG_MIN_SEARCH });
      const size = Math.min(q.size, APP_LOG_MAX_PAGE_SIZE);
      const filter = { type: q.type, search };
      const offset = (q.pageIndex - 1) * size;
      let count: number;
      let bound: number;
      let records: AppLogPage['records'];
      if (search) {
        bound = APP_LOG_SEARCH_TOTAL_BOUND;
        const found = await searchMatches(scope, { type: q.type, search }, bound + 1);
        count = found.matches.length;
        if (found.newestFirst)
          records = await repo.byIds(
            found.matches.slice(offset, Math.min(offset + size, bound)).map((m) => m.id),
          );
        else if (count <= bound) {
          found.matches.sort((a, b) => b.time - a.time || b.id - a.id);
          records = await repo.byIds(found.matches.slice(offset, offset + size).map((m) => m.id));
        }
        // A text common long ago but not lately: newest first by the (time, id) index, the text a
        // filter, until the page is full.
        else records = offset < bound ? await repo.page(scope, filter, offset, size, 'scan') : [];
      } else {
        // Pages past the bounded total are empty: no OFFSET deep into millions of rows. The page and
        // the count are read side by side (two connections), the page discarded past the count.
        bound = APP_LOG_TOTAL_BOUND;
        const [n, page] = await Promise.all([
          repo.boundedCount(scope, filter, bound),
          offset < bound ? repo.page(scope, filter, offset, size) : Promise.resolve([]),
        ]);
        count = n;
        records = offset < Math.min(count, bound) ? page : [];
      }
      return {
        records,
        total: Math.min(count, bound),
        totalBounded: count > bound,
        current: q.pageIndex,
        size,
      };
    },

    /**
     * The retention job's work (README "Retention"): the monthly partitions the ingest may write
     * made (from the retention's start to PARTITION_MONTHS_AHEAD months ahead), then the months
     * wholly past the retention dropped and the older entries of the month it ends in deleted.
     */
    async purge(): Promise<{ created: string[]; dropped: string[]; deleted: number }> {
      const t = now();
      const cutoff = t - retentionDays * DAY_MS;
      const created = await repo.ensurePartitions(cutoff, monthStart(t, PARTITION_MONTHS_AHEAD));
      const { partitions: dropped, deleted } = await repo.purgeBefore(new Date(cutoff));
      return { created, dropped, deleted };
    },
  };
}
export type AppLogsService = ReturnType<typeof createAppLogsService>;
