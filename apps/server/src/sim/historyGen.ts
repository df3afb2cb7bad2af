/**
 * The history generator behind `npm run seed:history` (sim/history.ts): N sorties over the last
 * `days` days, deterministic by seed; a second run adds nothing (sorties are unique per drone and
 * take-off time, blocks per owner and name).
 *
 * Each activated drone works from its registration on (drones with longer service are drawn more
 * often) and has a few fields (blocks of its operator) near its registered province. A
 * work day is one drone flying one to three missions over different fields of its own, one after
 * the other from the morning on (now and then one sprays the field just done again). A mission of the last `tracksDays` days is simulated point by point and stored with
 * its track; an older one reuses the sortie summaries of the field's template mission
 * (history/templates.ts: simulated, cut and summarised by the ingest code), moved to the field and
 * to the day, and with `templateTracks` the template's tracks moved likewise (the demo: its
 * subsidies measure every sortie's track, as a real console's would). Sorties and rollups are
 * stored together, as ingest stores them.
 */
import type { Logger } from 'pino';
import { regionAt } from '../modules/regions/geo/regionAt.ts';
import type { Db } from '../platform/db.ts';
import { createDroneDirectory, type DroneMeta } from '../telemetry/ingest/droneDirectory.ts';
import type { NewSortie } from '../telemetry/ingest/sortieRow.ts';
import { type RollupSettings, rebuildRollups } from '../telemetry/rollups/index.ts';
import { placeFor } from './fleet/demoFleet.ts';
import {
  type Crop,
  FARM_PLACES,
  type Field,
  hashSeed,
  type LngLat,
  mulberry32,
  offsetLngLat,
} from './flight/index.ts';
import { type BlockRow, type HistoryRow, storeHistory } from './history/store.ts';
import {
  centreOf,
  flyMission,
  makeTemplates,
  move,
  placedTrack,
  type Template,
} from './history/templates.ts';

export interface HistoryOptions {
  sorties: number;
  days: number;
  seed: number;
  /** Missions of the last this many days are simulated point by point and keep their tracks. */
  tracksDays: number;
  /** Template missions to draw fields from (default 200). */
  templates?: number;
  /**
   * Older missions keep a track too: the template's, moved to the field and the day (about 4 KB a
   * sortie; off for the millions of a load test).
   */
  templateTracks?: boolean;
  /**
   * Millions of sorties: store them without rollups, then rebuild every rollup from the sorties
   * (far faster in bulk). Only with nothing else writing sorties: the rebuild empties the rollups.
   */
  bulk?: boolean;
  /** The statistics time zone (default Asia/Shanghai; the server's STAT_TIMEZONE). */
  rollups?: RollupSettings;
  now?: number;
  /** Only these drones work (default: every activated one). */
  droneIds?: readonly string[];
  onProgress?: (made: number, stored: number) => void;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Share of a day's later missions that spray the field just done again. */
const RESPRAY_SHARE = 0.06;
/** oper/crops ids of the simulated crops. */
export const CROP_IDS: Record<Crop, number> = { rice: 1, wheat: 2, corn: 3, cotton: 4, sugarcane: 5 };

interface DroneField {
  template: Template;
  centre: LngLat;
  blockName: string;
}

/** The activated drones, as live ingest sees them (owners, model, registered region). */
async function activatedDrones(db: Db): Promise<DroneMeta[]> {
  const ids = (
    await db
      .selectFrom('drones')
      .select('drone_id')
      .where('activation_status', '=', 2)
      .orderBy('drone_id')
      .execute()
  ).map((r) => r.drone_id);
  const directory = createDroneDirectory(db);
  for (let i = 0; i < ids.length; i += 1000) await directory.preload(ids.slice(i, i + 1000));
  return ids.map((id) => directory.peek(id)).filter((m): m is DroneMeta => !!m);
}

/** When each drone was registered (ms): it works only from then on. */
async function registrationTimes(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('drones').select(['drone_id', 'created_at']).execute();
  return new Map(rows.map((r) => [r.drone_id, r.created_at.getTime()]));
}

/**
 * The drones that can have worked in the period, each with the day it could start (its
 * registration, or the period's start) and a draw weight proportional to its days of service: a
 * drone registered last week does not get a year's work crammed into a week.
 */
function workingDrones(drones: DroneMeta[], registered: Map<string, number>, from: number, now: number) {
  const list: Array<{ meta: DroneMeta; since: number }> = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const meta of drones) {
    const since = Math.max(from, registered.get(meta.droneId) ?? from);
    if (since >= now - DAY) continue;
    list.push({ meta, since });
    total += now - since;
    cumulative.push(total);
  }
  /** The drone at a uniform draw u in [0, 1). */
  const pick = (u: number) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    const target = u * total;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return list[lo] as { meta: DroneMeta; since: number };
  };
  return { count: list.length, pick };
}

async function pilotsByAccount(db: Db): Promise<Map<number, number[]>> {
  const users = await db.selectFrom('users').select(['id', 'account_id']).orderBy('id').execute();
  const out = new Map<number, number[]>();
  for (const u of users) out.set(u.account_id, [...(out.get(u.account_id) ?? []), u.id]);
  return out;
}

/** A template row placed on a drone's field, at a mission start. */
function placeRow(
  row: NewSortie,
  f: DroneField,
  meta: DroneMeta,
  start: number,
  extra: Partial<NewSortie>,
  withTrack: boolean,
) {
  const at = move({ lng: row.lng, lat: row.lat }, f.template.centre, f.centre);
  const region = regionAt(at.lng, at.lat);
  const track = withTrack
    ? placedTrack(row.track, f.template.centre, f.centre, start, {
        pilotId: extra.pilot_id ?? undefined,
        cropId: extra.crop_id ?? undefined,
      })
    : undefined;
  return {
    ...row,
    ...extra,
    track,
    drone_id: meta.droneId,
    zz_account_id: meta.zz,
    yy_account_id: meta.yy,
    model_id: meta.modelId,
    start_time: row.start_time + start,
    end_time: row.end_time + start,
    lng: at.lng,
    lat: at.lat,
    country_code: region.country,
    province_code: region.province,
    city_code: region.city,
    county_code: region.county,
  } as HistoryRow;
}

const movedField = (f: DroneField): Field => ({
  polygon: f.template.field.polygon.map((p) => move(p, f.template.centre, f.centre)),
  home: move(f.template.field.home, f.template.centre, f.centre),
});

export async function seedHistory(db: Db, o: HistoryOptions): Promise<{ made: number; stored: number }> {
  const only = o.droneIds ? new Set(o.droneIds) : null;
  const activated = (await activatedDrones(db)).filter((d) => !only || only.has(d.droneId));
  if (!activated.length) throw new Error('no activated drones: seed demo data first (DEMO_DATA=1)');
  const now = o.now ?? Date.now();
  const from = now - o.days * DAY;
  const drones = workingDrones(activated, await registrationTimes(db), from, now);
  if (!drones.count)
    throw new Error('no activated drone was registered before yesterday: none can have a history');
  const pilots = await pilotsByAccount(db);
  const templates = makeTemplates(o.templates ?? 200, o.seed, FARM_PLACES[0] as LngLat, regionAt);
  const keepTrackAfter = now - o.tracksDays * DAY;

  const fields = new Map<string, DroneField[]>();
  let newBlocks: BlockRow[] = [];
  const fieldsOf = (meta: DroneMeta): DroneField[] => {
    const known = fields.get(meta.droneId);
    if (known) return known;
    const rng = mulberry32(hashSeed(`fields/${o.seed}/${meta.droneId}`));
    const place = placeFor(meta.regionCode);
    const list = Array.from({ length: rng.int(2, 6) }, (_, j): DroneField => {
      const bearing = rng.range(0, 2 * Math.PI);
      const distance = rng.range(1500, 12_000);
      const template = templates[rng.int(0, templates.length - 1)] as Template;
      const centre = offsetLngLat(place, distance * Math.sin(bearing), distance * Math.cos(bearing));
      return { template, centre, blockName: `${meta.droneName} ${j + 1}` };
    });
    fields.set(meta.droneId, list);
    if (meta.yy !== null)
      for (const f of list)
        newBlocks.push({
          owner: meta.yy,
          name: f.blockName,
          areaM2: f.template.areaM2,
          polygon: movedField(f).polygon,
          centre: centreOf(movedField(f).polygon),
        });
    return list;
  };

  let made = 0;
  let stored = 0;
  let batch: HistoryRow[] = [];
  let nextReport = 0;
  const flush = async () => {
    stored += await storeHistory(db, batch, newBlocks, {
      rollups: !o.bulk,
      settings: o.rollups,
    });
    batch = [];
    newBlocks = [];
  };
  for (let w = 0; made < o.sorties; w++) {
    const rng = mulberry32(hashSeed(`history/${o.seed}/${w}`));
    const { meta, since } = drones.pick(rng.next());
    const mine = fieldsOf(meta);
    const crop = CROP_IDS[placeFor(meta.regionCode).crop];
    const team = pilots.get(meta.yy ?? meta.zz) ?? [];
    const pilotId = team.length ? team[rng.int(0, team.length - 1)] : undefined;
    // The day's first take-off between 06:00 and 10:00 (UTC+8; +7 for Thailand: close enough), from
    // the drone's registration on.
    const day = since + Math.floor(rng.range(0, (now - since) / DAY)) * DAY;
    let start = Math.round(day - (day % DAY) - 8 * HOUR + rng.range(6, 10) * HOUR);
    if (start < since) start += DAY;
    const today: DroneField[] = [];
    for (let m = rng.int(1, 3); m > 0 && made < o.sorties && start < now - HOUR; m--) {
      // The day's missions go to different fields; now and then one sprays the field just done
      // again (rain washed it off): the subsidies show it as overlap, paid once.
      const again = today.length > 0 && rng.next() < RESPRAY_SHARE;
      const left = mine.filter((f) => !today.includes(f));
      if (!again && !left.length) break;
      const field = again ? (today.at(-1) as DroneField) : (left[rng.int(0, left.length - 1)] as DroneField);
      today.push(field);
      // Most missions fly a planned route, some an A-B line, a few by hand.
      const u = rng.next();
      const workMode = u < 0.6 ? 'auto' : u < 0.88 ? 'ab' : 'manual';
      const extra = { pilot_id: pilotId ?? null, crop_id: crop, mode: workMode };
      const rows =
        start >= keepTrackAfter
          ? flyMission(meta, movedField(field), start, rng.int(1, 2 ** 31), regionAt, {
              pilotId,
              cropId: crop,
              workMode,
            })
          : field.template.sorties.map((r) =>
              placeRow(r, field, meta, start, extra, o.templateTracks === true),
            );
      for (const row of rows) {
        if (made >= o.sorties) break;
        batch.push(row);
        made++;
      }
      start = (rows.at(-1)?.end_time ?? start) + Math.round(rng.range(20, 60) * 60_000);
    }
    if (batch.length >= 2000) await flush();
    if (made >= nextReport) {
      o.onProgress?.(made, stored);
      nextReport += Math.max(1, Math.floor(o.sorties / 20));
    }
  }
  await flush();
  if (o.bulk) await rebuildRollups(db, { step: 1_000_000, settings: o.rollups });
  return { made, stored };
}

/** The first start's year of history for the demo fleet, in the background (a few seconds). */
export async function demoHistory(db: Db, sorties: number, logger: Logger, rollups?: RollupSettings) {
  const started = Date.now();
  try {
    const r = await seedHistory(db, {
      sorties,
      days: 365,
      seed: 1,
      tracksDays: 2,
      templates: 60,
      templateTracks: true,
      rollups,
    });
    logger.info({ ...r, ms: Date.now() - started }, 'demo history generated');
  } catch (err) {
    logger.error({ err }, 'demo history failed');
  }
}
