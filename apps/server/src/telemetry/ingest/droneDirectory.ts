/**
 * What ingest needs to know of a drone, cached: owners (for scope and who may send), model, name,
 * swath. Loaded on first use and refreshed every few minutes, so a drone registered or moved to
 * another owner is picked up without a restart.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Notifier } from '../../platform/notify.ts';

/**
 * Change notices of the drone registry (modules/drones): payload the drone id. A cached drone is
 * dropped at once, so an owner change reaches ingest before the next point (the sortie's owners).
 */
export const DRONE_REGISTRY_CHANNEL = 'drone_registry';

export interface DroneMeta {
  droneId: string;
  droneName: string;
  modelId: number;
  modelName: string;
  zz: number;
  yy: number | null;
  deviceType: number;
  regionCode: number | null;
  /**
   * End of the drone's newest stored sortie (ms), or null: no point up to it is ever taken again,
   * so a replay after a restart cannot double a sortie (the duplicate rule's floor).
   */
  storedUntil?: number | null;
}

const TTL_MS = 5 * 60_000;
/** An id not among an account's cached members is looked up again at most this often. */
const MEMBERS_RECHECK_MS = 30_000;

/** The account whose members may fly a drone as its pilot: its operator (owner), else its maker. */
export const operatingAccount = (meta: DroneMeta) => meta.yy ?? meta.zz;

export function createDroneDirectory(db: Db, notifier?: Notifier) {
  const cache = new Map<string, { meta: DroneMeta | null; at: number }>();
  // A notice drops the drone (null: notices may have been missed, drop all); the next get reloads.
  notifier?.on(DRONE_REGISTRY_CHANNEL, (droneId) => {
    if (droneId) cache.delete(droneId);
    else cache.clear();
  });
  const pending = new Map<string, Promise<DroneMeta | null>>();
  /** User ids of an account (pilot links are checked against them; one query per account). */
  const members = new Map<number, { ids: Set<number>; at: number; loading: Promise<void> | null }>();

  function loadMembers(accountId: number): Promise<void> {
    let entry = members.get(accountId);
    if (entry?.loading) return entry.loading;
    if (!entry) {
      entry = { ids: new Set(), at: Number.NEGATIVE_INFINITY, loading: null };
      members.set(accountId, entry);
    }
    const e = entry;
    e.loading = db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .execute()
      .then((rows) => {
        e.ids = new Set(rows.map((r) => r.id));
        e.at = Date.now();
      })
      .finally(() => {
        e.loading = null;
      });
    return e.loading;
  }

  async function load(droneIds: readonly string[]): Promise<void> {
    if (droneIds.length === 0) return;
    const rows = await db
      .selectFrom('drones as d')
      .innerJoin('drone_models as m', 'm.id', 'd.model_id')
      .where('d.drone_id', 'in', droneIds)
      .select([
        'd.drone_id',
        'd.drone_name',
        'd.model_id',
        'm.model_name',
        'd.zz_account_id',
        'd.yy_account_id',
        'd.device_type',
        'd.region_code',
        // The newest sortie by the (drone_id, start_time) index; sorties of a drone never overlap.
        // Sorties dated in the future (stored before times were checked) are no floor.
        sql<Date | null>`(SELECT s.end_time FROM sorties s WHERE s.drone_id = d.drone_id
          AND s.start_time <= now() + interval '1 hour' ORDER BY s.start_time DESC LIMIT 1)`.as(
          'stored_until',
        ),
      ])
      .execute();
    const now = Date.now();
    for (const id of droneIds) cache.set(id, { meta: null, at: now });
    for (const r of rows)
      cache.set(r.drone_id, {
        at: now,
        meta: {
          droneId: r.drone_id,
          droneName: r.drone_name,
          modelId: r.model_id,
          modelName: r.model_name,
          zz: r.zz_account_id,
          yy: r.yy_account_id,
          deviceType: r.device_type,
          regionCode: r.region_code,
          storedUntil: r.stored_until ? new Date(r.stored_until).getTime() : null,
        },
      });
  }

  return {
    /** The drone, or null when no such drone is registered. */
    async get(droneId: string): Promise<DroneMeta | null> {
      const hit = cache.get(droneId);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.meta;
      let p = pending.get(droneId);
      if (!p) {
        p = load([droneId])
          .then(() => cache.get(droneId)?.meta ?? null)
          .finally(() => pending.delete(droneId));
        pending.set(droneId, p);
      }
      return p;
    },
    /**
     * The drone as `get` would answer it from the cache, without a promise: undefined when `get`
     * must load it (not cached, or cached too long ago).
     */
    fresh(droneId: string): DroneMeta | null | undefined {
      const hit = cache.get(droneId);
      return hit && Date.now() - hit.at < TTL_MS ? hit.meta : undefined;
    },
    /** Cached value without I/O (undefined when not loaded). */
    peek(droneId: string): DroneMeta | null | undefined {
      return cache.get(droneId)?.meta;
    },
    /**
     * Is the user a member of the account (may be linked as pilot of its drones)? Answers from the
     * cache without I/O; undefined when it must be looked up (checkMember).
     */
    isMember(accountId: number, userId: number): boolean | undefined {
      const e = members.get(accountId);
      if (!e) return undefined;
      const age = Date.now() - e.at;
      if (e.ids.has(userId)) return age < TTL_MS ? true : undefined;
      return age < MEMBERS_RECHECK_MS ? false : undefined;
    },
    /** Loads the account's members (once for concurrent callers); then isMember answers. */
    async checkMember(accountId: number, userId: number): Promise<boolean> {
      await loadMembers(accountId);
      return members.get(accountId)?.ids.has(userId) ?? false;
    },
    /** Loads many at once (start-up, recovery). */
    preload: load,
    /**
     * Drops the cached drones `which` picks: the next get reads them again (cluster mode: a
     * partition taken over from another process, whose sorties moved the floor `storedUntil`).
     */
    forget(which: (droneId: string) => boolean) {
      for (const id of cache.keys()) if (which(id)) cache.delete(id);
    },
    /** Who may send telemetry for a drone: its manufacturer or its owner. */
    async mayPublish(accountId: number, droneId: string): Promise<boolean> {
      const meta = await this.get(droneId);
      return meta !== null && (meta.zz === accountId || meta.yy === accountId);
    },
  };
}
export type DroneDirectory = ReturnType<typeof createDroneDirectory>;
