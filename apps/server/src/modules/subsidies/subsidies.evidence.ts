/**
 * One evidence line per sortie (issue 22 #3): the facts of subsidies.sources.ts, the geometry of
 * subsidies.geometry.ts on the decoded track, the dose verdict, the spot check and the rate, as
 * the rule (packages/domain programmes/subsidyRule.ts) takes them, plus what the detail shows.
 * Overlap is measured per operator (docs/programmes.md says why not across operators) among the
 * sorties whose spraying centres fall in the same cell of about 10 km (0.1°), whatever blocks they
 * name, in take-off order: within it only sorties whose bounds touch are compared
 * (subsidies.overlap.ts), so the cell bounds memory and the local frame. A cell's group also
 * paints, in take-off order, the operator's sorties of the neighbouring cells whose centres lie
 * within EDGE_DEG of its edge (context: painted, their own overlap counted in their own cell), so
 * a field cut by a cell edge is compared whole. Only what a sortie can be paid for is painted:
 * none of a sortie the rule takes whole (no track, anomaly 1, 3 or 5, dose out of range, a failed
 * spot check), and of a sortie on a block only the part inside it. A sortie's overlap outside its
 * block is kept apart (overlapOutsideBlockMu): it is outsideBlock already, and the rule takes it
 * once; so is the part outside both the region and the block (outsideRegionAndBlockMu, from the
 * spraying samples).
 */

import type { PolygonGeometry } from '@agrifleet/domain';
import {
  appliedDose,
  type DoseRange,
  doseVerdict,
  pickRate,
  regionContains,
  roundMu,
  type SortieEvidence,
  type TerrainClass,
} from '@agrifleet/domain';
import type { SprayPoint } from '../../telemetry/area/sprayedArea.ts';
import { decodeSprayFixes } from '../../telemetry/codec/trackCodec.ts';
import {
  inPolygon,
  M2_PER_MU,
  samplesOutside,
  samplesOutsideBoth,
  shareOutside,
} from './subsidies.geometry.ts';
import {
  addToGroup,
  groupOverlaps,
  newOverlapGroup,
  newOverlapScratch,
  type OverlapScratch,
} from './subsidies.overlap.ts';
import type { Programme, RateVersion, SortieFactRow } from './subsidies.sources.ts';

/** The rule's version, kept in every line and in the sealed digest. */
export const SUBSIDY_RULE_VERSION =
  'subsidyRule/3 (overlap within 7 days, across blocks, outside block once)';

/** What a line keeps: the rule's input and what the detail and the seal show. */
export interface LineEvidence extends SortieEvidence {
  droneId: string;
  droneName: string;
  yyAccountId: number;
  zzAccountId: number;
  pilotName: string | null;
  endMs: number;
  cropId: number | null;
  blockId: number | null;
  blockName: string | null;
  region: number | null;
  volumeL: number;
  doseLPerMu: number | null;
  medId: number | null;
  doseRange: DoseRange | null;
  pictures: number;
  terrain: TerrainClass;
  ruleVersion: string;
  rateVersionId: number;
}

export interface EvidenceInput {
  programme: Programme;
  facts: readonly SortieFactRow[];
  doseRange: DoseRange | null;
  rate: RateVersion;
  blocks: Map<number, PolygonGeometry>;
  /** The medicine a block names (its range judges the dose where the programme names none). */
  blockDoses: Map<number, { medId: number; range: DoseRange }>;
  /** Spot-check outcomes by operator, then sortie id. */
  spotChecks: Map<number, Map<number, 'passed' | 'failed'>>;
  /** Whether a position lies in the programme's administrative region. */
  inRegion: (lng: number, lat: number) => boolean;
  /** Tracks of a batch of sorties. */
  tracks: (ids: string[]) => Promise<Map<string, Uint8Array>>;
}

const WHOLE_ODD = new Set([1, 3, 5]);
const CELL_DEG = 0.1;
/**
 * A sortie whose spraying centre is this close to a cell edge is also painted in the cell beyond it
 * (about 1 km: a field sprayed in one sortie is rarely wider than 2 km).
 */
export const EDGE_DEG = 0.01;

const cellKey = (yy: number, cx: number, cy: number) => `${yy}:g${cx}:${cy}`;

const groupKey = (f: SortieFactRow) =>
  cellKey(f.yy_account_id, Math.floor(f.lng / CELL_DEG), Math.floor(f.lat / CELL_DEG));

/** The neighbouring cells (keys) whose edge a sortie lies within EDGE_DEG of. */
function edgeCells(f: SortieFactRow): string[] {
  const cx = Math.floor(f.lng / CELL_DEG);
  const cy = Math.floor(f.lat / CELL_DEG);
  const near = (v: number, c: number) => {
    const frac = v / CELL_DEG - c;
    const m = EDGE_DEG / CELL_DEG;
    return frac < m ? -1 : frac > 1 - m ? 1 : 0;
  };
  const dx = near(f.lng, cx);
  const dy = near(f.lat, cy);
  const out: string[] = [];
  if (dx) out.push(cellKey(f.yy_account_id, cx + dx, cy));
  if (dy) out.push(cellKey(f.yy_account_id, cx, cy + dy));
  if (dx && dy) out.push(cellKey(f.yy_account_id, cx + dx, cy + dy));
  return out;
}

const byTakeOff = (a: SortieFactRow, b: SortieFactRow) =>
  a.start_time.getTime() - b.start_time.getTime() || Number(a.sortie_id) - Number(b.sortie_id);

/** The evidence of every sortie, in take-off order. */
export async function buildEvidence(inp: EvidenceInput): Promise<LineEvidence[]> {
  const lines = new Map<string, LineEvidence>();
  const groups = new Map<string, SortieFactRow[]>();
  const context = new Map<string, SortieFactRow[]>();
  const push = (m: Map<string, SortieFactRow[]>, key: string, f: SortieFactRow) => {
    const g = m.get(key);
    if (g) g.push(f);
    else m.set(key, [f]);
  };
  for (const f of inp.facts) {
    push(groups, groupKey(f), f);
    for (const key of edgeCells(f)) push(context, key, f);
  }
  // Groups in batches of about 500 sorties: their tracks are read, measured and let go together;
  // the next batch's tracks are asked for before this one is measured (the database reads them
  // while this process measures).
  const batches: Group[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const [key, own] of groups) {
    if (size >= 500) {
      batches.push([]);
      size = 0;
    }
    const near = context.get(key) ?? [];
    batches.at(-1)?.push({ own, near });
    size += own.length + near.length;
  }
  const fetch = (b: Group[] | undefined) =>
    b
      ? inp.tracks([
          ...new Set(
            b
              .flatMap((g) => [...g.own, ...g.near])
              .filter((f) => f.has_track && f.area_mu > 0)
              .map((f) => f.sortie_id),
          ),
        ])
      : Promise.resolve(new Map<string, Uint8Array>());
  let next = fetch(batches[0]);
  const scratch = newOverlapScratch();
  try {
    for (let i = 0; i < batches.length; i++) {
      const blobs = await next;
      next = fetch(batches[i + 1]);
      for (const g of batches[i] as Group[]) measureGroup(inp, g, blobs, lines, scratch);
    }
  } finally {
    // Never leave a read in flight (nor its failure unhandled).
    await next.catch(() => undefined);
  }
  return inp.facts.map((f) => lines.get(f.sortie_id) as LineEvidence);
}

/** Shares (0..1) of a sortie's sprayed area outside the region, its block, and both. */
interface Shares {
  region: number;
  block: number;
  both: number;
}

/** A group's own sorties (take-off order) and the neighbouring cells' sorties near its edges. */
interface Group {
  own: SortieFactRow[];
  near: SortieFactRow[];
}

function measureGroup(
  inp: EvidenceInput,
  { own: group, near }: Group,
  blobs: Map<string, Uint8Array>,
  out: Map<string, LineEvidence>,
  scratch: OverlapScratch,
): void {
  // Each track is decoded, measured and added to the overlap group, then let go.
  const overlap = newOverlapGroup();
  const shares = new Map<string, Shares>();
  // The neighbours' sorties near the edges are painted in take-off order among the group's own,
  // and only painted: their lines are their own cell's.
  const context = new Set(near);
  const all = near.length ? [...group, ...near].sort(byTakeOff) : group;
  for (const f of all) {
    const mine = !context.has(f);
    const blob = blobs.get(f.sortie_id);
    const points: SprayPoint[] | null = blob ? decodeSprayFixes(blob) : null;
    let region = 0;
    let block = 0;
    let both = 0;
    if (points) {
      const b = f.block_id != null ? (inp.blocks.get(f.block_id) ?? null) : null;
      if (mine) {
        const poly = inp.programme.polygon;
        region = poly ? shareOutside(poly, points) : samplesOutside(points, inp.inRegion);
        if (b) block = shareOutside(b, points);
        if (b && region > 0 && block > 0)
          both = samplesOutsideBoth(points, poly ? (x, y) => inPolygon(poly, x, y) : inp.inRegion, b);
      }
      if (!paysNothing(inp, f)) addToGroup(overlap, Number(f.sortie_id), f.start_time.getTime(), points, b);
    }
    if (mine) shares.set(f.sortie_id, { region, block, both });
  }
  const overlaps = groupOverlaps(overlap, scratch);
  for (const f of group) {
    const s = shares.get(f.sortie_id) ?? { region: 0, block: 0, both: 0 };
    const o = overlaps.get(Number(f.sortie_id));
    out.set(f.sortie_id, lineOf(inp, f, s, o ? o.m2 / M2_PER_MU : 0, o ? o.outsideM2 / M2_PER_MU : 0));
  }
}

/** The dose range a sortie is judged by: the programme's medicine's, else its block's (and which). */
function doseOf(inp: EvidenceInput, f: SortieFactRow) {
  const blockDose = inp.doseRange || f.block_id == null ? undefined : inp.blockDoses.get(f.block_id);
  return { blockDose, range: inp.doseRange ?? blockDose?.range ?? null };
}

/**
 * Whether the rule takes the whole sortie whatever its overlap (no track, anomaly 1, 3 or 5, dose
 * out of range, failed spot check): such a sortie is not paid, so spraying its ground again is not
 * paying it twice, and it is not painted.
 */
function paysNothing(inp: EvidenceInput, f: SortieFactRow): boolean {
  if (!f.has_track || f.odd_types.some((o) => WHOLE_ODD.has(o))) return true;
  const dose = doseVerdict(f.volume_l, f.area_mu, doseOf(inp, f).range);
  if (dose === 'low' || dose === 'high') return true;
  return inp.spotChecks.get(f.yy_account_id)?.get(Number(f.sortie_id)) === 'failed';
}

function lineOf(
  inp: EvidenceInput,
  f: SortieFactRow,
  share: Shares,
  overlapMu: number,
  overlapOutsideMu: number,
): LineEvidence {
  const { rate } = inp;
  const monitored = roundMu(f.area_mu);
  const rateRow = pickRate(rate.rows, f.region, f.crop_id, rate.hillRegions, regionContains);
  const terrain: TerrainClass =
    f.region != null && rate.hillRegions.some((h) => regionContains(h, f.region as number))
      ? 'hill'
      : 'plain';
  const sortieId = Number(f.sortie_id);
  // The programme's medicine, else the one the sortie's block names.
  const { blockDose, range: doseRange } = doseOf(inp, f);
  const overlap = roundMu(Math.min(monitored, overlapMu));
  const outsideRegion = roundMu(monitored * share.region);
  const outsideBlock = roundMu(monitored * share.block);
  return {
    sortieId,
    startMs: f.start_time.getTime(),
    monitoredMu: monitored,
    hasTrack: f.has_track,
    noFly: f.odd_types.includes(1),
    anomalies: f.odd_types,
    dose: doseVerdict(f.volume_l, f.area_mu, doseRange),
    outsideRegionMu: outsideRegion,
    outsideBlockMu: outsideBlock,
    outsideRegionAndBlockMu: roundMu(Math.min(monitored * share.both, outsideRegion, outsideBlock)),
    overlapMu: overlap,
    overlapOutsideBlockMu: roundMu(Math.min(overlap, overlapOutsideMu)),
    spotCheck: inp.spotChecks.get(f.yy_account_id)?.get(sortieId) ?? null,
    rateFen: rateRow?.fenPerMu ?? null,
    droneId: f.drone_id,
    droneName: f.drone_name ?? f.drone_id,
    yyAccountId: f.yy_account_id,
    zzAccountId: f.zz_account_id,
    pilotName: f.pilot_name,
    endMs: f.end_time.getTime(),
    cropId: f.crop_id,
    blockId: f.block_id,
    blockName: f.block_name,
    region: f.region,
    volumeL: Math.round(f.volume_l * 1000) / 1000,
    doseLPerMu: appliedDose(f.volume_l, f.area_mu),
    medId: blockDose ? blockDose.medId : inp.programme.medId,
    doseRange,
    pictures: f.pictures,
    terrain,
    ruleVersion: SUBSIDY_RULE_VERSION,
    rateVersionId: rate.rateVersionId,
  };
}
