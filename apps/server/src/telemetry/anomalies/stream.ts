/**
 * Anomalies on the live stream: the no-fly detector sees every committed point (the zone index
 * is rebuilt from the database every minute, so a zone enabled in the console applies without a
 * restart); the sortie rules run at landing, in the transaction that stores the sortie. Each
 * anomaly is a row of `anomalies` (the anomaly bulletins) and a line of the drone log.
 */
import type { Logger } from 'pino';
import { createAnomaliesRepo } from '../../modules/anomalies/anomalies.repo.ts';
import { createNoflyRepo } from '../../modules/nofly/nofly.repo.ts';
import type { RegionAt } from '../../modules/regions/geo/codes.ts';
import type { Db } from '../../platform/db.ts';
import type { PointObserver } from '../ingest/pipeline.ts';
import type { SortieHook } from '../ingest/writer.ts';
import { createNoflyDetector, type IncursionKey, type NoflyEvent } from './noflyDetector.ts';
import { createNoflyIndex, type NoflyIndex } from './noflyIndex.ts';
import { evaluateSortie } from './sortieRules.ts';

const INDEX_REFRESH_MS = 60_000;

export function createAnomalyStream(deps: {
  db: Db;
  locate: (lng: number, lat: number) => RegionAt;
  logger?: Logger;
}) {
  const { db, locate, logger } = deps;
  const zones = createNoflyRepo(db);
  const anomalies = createAnomaliesRepo(db);
  let index: NoflyIndex = createNoflyIndex([]);
  const detector = createNoflyDetector(() => index);
  const open = new Map<IncursionKey, Promise<number | null>>();
  let timer: NodeJS.Timeout | null = null;

  async function refresh() {
    try {
      index = createNoflyIndex(await zones.enabledZones());
    } catch (err) {
      logger?.warn({ err }, 'no-fly zones not reloaded');
    }
  }

  function handle(events: NoflyEvent[]) {
    for (const e of events) {
      if (e.kind === 'start') {
        const id = anomalies
          .insert([{ ...e, region: locate(e.lng, e.lat) }])
          .then(([row]) => row ?? null)
          .catch((err) => {
            logger?.error({ err }, 'no-fly anomaly not stored');
            return null;
          });
        open.set(e.key, id);
      } else {
        const id = open.get(e.key);
        open.delete(e.key);
        void id
          ?.then((row) => (row === null ? false : anomalies.close(row, e.endTime)))
          .catch((err) => logger?.error({ err }, 'no-fly anomaly not closed'));
      }
    }
  }

  const observer: PointObserver = (meta, points) => {
    for (const p of points) handle(detector.feed(meta.droneId, p));
  };

  const afterSortie: SortieHook = async (trx, sortie, points) => {
    const found = evaluateSortie(points, { areaM2: sortie.area_m2, cropId: sortie.crop_id });
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
    async start() {
      await refresh();
      timer = setInterval(() => {
        void refresh();
        handle(detector.expire(Date.now()));
      }, INDEX_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
