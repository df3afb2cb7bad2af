/**
 * Anomalies on the live stream: the no-fly detector sees every committed point; the sortie rules
 * run at landing, in the transaction that stores the sortie. Each anomaly is a row of `anomalies`
 * (the anomaly bulletins) and a line of the drone log.
 *
 * The zone index is rebuilt from the database when a change notice arrives on `nofly_zones`
 * (every zone write sends one in its transaction, so it reaches every server process when it
 * commits; null, a reconnect of the notice connection, reloads too), and once a minute as a safety
 * net. Reloads never overlap: a notice during a reload runs one more after it. A no-fly anomaly
 * records the zone version the index held (`anomalies.nofly_version`).
 */
import type { Logger } from 'pino';
import { createAnomaliesRepo } from '../../modules/anomalies/anomalies.repo.ts';
import { level1Raised } from '../../modules/bulletins/level1.ts';
import { createNoflyRepo } from '../../modules/nofly/nofly.repo.ts';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import type { Db } from '../../platform/db.ts';
import type { Notifier } from '../../platform/notify.ts';
import type { PointObserver } from '../ingest/pipeline.ts';
import type { SortieHook } from '../ingest/writer.ts';
import { accessoryAnomaly, recordAccessories } from './accessoryHook.ts';
import { doseAnomaly } from './doseHook.ts';
import { createNoflyDetector, type IncursionKey, type NoflyEvent } from './noflyDetector.ts';
import { createNoflyIndex, type NoflyIndex } from './noflyIndex.ts';
import { evaluateSortie } from './sortieRules.ts';

const INDEX_REFRESH_MS = 60_000;
/**
 * An open no-fly anomaly of the same drone and zone begun this long before a new entry is the same
 * incursion continued (a restart or a partition take-over lost the detector's state; a drone silent
 * longer than the detector's silence had its incursion ended).
 */
const CONTINUE_MS = 10 * 60_000;
/** The change-notice channel of zone writes (modules/nofly). */
export const NOFLY_CHANNEL = 'nofly_zones';

/** What one process's detector holds: the zones (id -> version) of its last reload, and when. */
export interface NoflyIndexLoad {
  loadedAt: number;
  zones: ReadonlyMap<number, number>;
}
type LoadListener = (load: NoflyIndexLoad) => void;
const watchers = new WeakMap<Db, Set<LoadListener>>();
const lastLoads = new WeakMap<Db, NoflyIndexLoad>();

/**
 * Calls `fn` with the last load (at once, if there was one) and after each reload of the no-fly
 * index of the stream built on `db` (one per app), for tests and the bench to see when a zone
 * change reached that process's detector.
 */
export function watchNoflyIndex(db: Db, fn: LoadListener): () => void {
  let set = watchers.get(db);
  if (!set) {
    set = new Set();
    watchers.set(db, set);
  }
  set.add(fn);
  const last = lastLoads.get(db);
  if (last) fn(last);
  return () => set.delete(fn);
}

export function createAnomalyStream(deps: {
  db: Db;
  locate: (lng: number, lat: number) => RegionAt;
  logger?: Logger;
  notifier?: Notifier;
}) {
  const { db, locate, logger, notifier } = deps;
  const zones = createNoflyRepo(db);
  const anomalies = createAnomaliesRepo(db);
  let index: NoflyIndex = createNoflyIndex([]);
  const detector = createNoflyDetector(() => index);
  const open = new Map<IncursionKey, Promise<number | null>>();
  /** Anomalies this detector raised or continued, until their end is stored. */
  const mine = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => void) | null = null;
  let loading: Promise<void> | null = null;
  let again = false;

  async function load() {
    try {
      const found = await zones.enabledZones();
      index = createNoflyIndex(found);
      const done: NoflyIndexLoad = {
        loadedAt: Date.now(),
        zones: new Map(found.map((z) => [z.id, z.version ?? 0])),
      };
      lastLoads.set(db, done);
      for (const fn of watchers.get(db) ?? []) fn(done);
    } catch (err) {
      logger?.warn({ err }, 'no-fly zones not reloaded');
    }
  }

  /** Reloads now, or once more after the reload under way (which may have read before the change). */
  function refresh(): Promise<void> {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        await load();
      } while (again);
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  function handle(events: readonly NoflyEvent[]) {
    for (const e of events) {
      if (e.kind === 'start') {
        const id = anomalies
          .openIncursion(e.droneId, e.noflyId, e.time - CONTINUE_MS, mine)
          .then(async (continued) => {
            // The same incursion, seen again after the detector's state was lost: one alert.
            if (continued != null) {
              mine.add(continued);
              return continued;
            }
            const [row] = await anomalies.insert([{ ...e, region: locate(e.lng, e.lat) }]);
            // Level-1 SMS to the operator's admins, once per incursion (modules/bulletins/level1.ts).
            if (row != null) {
              mine.add(row);
              level1Raised(db, row);
            }
            return row ?? null;
          })
          .catch((err) => {
            logger?.error({ err }, 'no-fly anomaly not stored');
            return null;
          });
        open.set(e.key, id);
      } else {
        const id = open.get(e.key);
        open.delete(e.key);
        void id
          ?.then((row) =>
            row === null ? false : anomalies.close(row, e.endTime).finally(() => mine.delete(row)),
          )
          .catch((err) => logger?.error({ err }, 'no-fly anomaly not closed'));
      }
    }
  }

  // Heard now (committed now): a drone uploading old points is not silent for expire.
  const observer: PointObserver = (meta, points) => {
    const heardAt = Date.now();
    for (const p of points) handle(detector.feed(meta.droneId, p, heardAt));
  };

  const afterSortie: SortieHook = async (trx, sortie, points) => {
    let found = evaluateSortie(points, { areaM2: sortie.area_m2, cropId: sortie.crop_id });
    // Accessories off their maker's whitelist (oddType 6, accessoryHook.ts).
    const accessory = await accessoryAnomaly(trx, sortie, points);
    if (accessory) found.push(accessory);
    // A sortie replaced by its reopened whole is judged again as one; what its part raised already
    // (bulletins may hang on it) stays, and is not raised twice.
    if (sortie.replaced && found.length) {
      const had = await trx
        .selectFrom('anomalies')
        .select('odd_type')
        .where('sortie_id', '=', sortie.sortieId)
        .where('nofly_id', 'is', null)
        .execute();
      const types = new Set(had.map((a) => a.odd_type));
      found = found.filter((a) => !types.has(a.oddType));
    }
    // Dose compliance of a unified task's medicine (issue 22 #4): its own dedupe by rule 'dose'.
    const dose = await doseAnomaly(trx, sortie);
    if (dose) found.push(dose);
    if (!found.length) return;
    const region = {
      country: sortie.country_code,
      province: sortie.province_code,
      city: sortie.city_code,
      county: sortie.county_code,
    };
    await createAnomaliesRepo(trx).insert(
      found.map((a) => ({ ...a, droneId: sortie.drone_id, sortieId: sortie.sortieId, region })),
    );
    await trx
      .insertInto('drone_events')
      .values(
        found.map((a) => ({
          drone_id: sortie.drone_id,
          time: new Date(a.time),
          type: 'anomaly',
          detail: JSON.stringify({ oddType: a.oddType, sortieId: sortie.sortieId }),
        })),
      )
      .execute();
  };

  return {
    observer,
    afterSortie,
    /** Drops the drones `which` picks from the detector; their open incursions stay open (cluster hand-over). */
    forget(which: (droneId: string) => boolean) {
      detector.forget(which);
      for (const [key, id] of open)
        if (which(key.slice(0, key.indexOf(':')))) {
          open.delete(key);
          void id.then((row) => row != null && mine.delete(row));
        }
    },
    /**
     * Takes up the open incursions of the drones `which` picks, raised by a detector that is gone (a
     * dead or handed-over owner, this process before a restart): the drone may leave the zone
     * before this detector sees it inside, and the alert must still end there, not stay open until
     * the drone's next incursion continues it (found by bench/cluster-failover.ts: two incursions
     * one alert). `lastPoint` is the drone's newest stored point (the silence counts from it).
     */
    async adopt(which: (droneId: string) => boolean, lastPoint: (droneId: string) => number | undefined) {
      const rows = await anomalies.openIncursions(Date.now() - CONTINUE_MS);
      for (const r of rows) {
        if (!which(r.droneId) || mine.has(r.id) || r.noflyId === null) continue;
        const key = `${r.droneId}:${r.noflyId}:${r.time}`;
        if (!detector.resume(r.droneId, r.noflyId, key, r.time, lastPoint(r.droneId) ?? r.time)) continue;
        mine.add(r.id);
        open.set(key, Promise.resolve(r.id));
      }
      return rows.length;
    },
    /** The writer's flush hook: records the accessories the points name (accessoryHook.ts). */
    afterPoints: recordAccessories,
    async start() {
      unlisten = notifier?.on(NOFLY_CHANNEL, () => void refresh()) ?? null;
      await refresh();
      timer = setInterval(() => {
        void refresh();
        handle(detector.expire(Date.now()));
      }, INDEX_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      unlisten?.();
    },
  };
}
