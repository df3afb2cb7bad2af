/**
 * buildEvidence's overlap grouping: a field cut by the edge of a 0.1° cell is compared whole (the
 * neighbouring cell's sorties near the edge are painted as context), and each sortie's overlap is
 * counted once, in its own cell; sorties on a block, on another block and on none are compared
 * alike, and the part sprayed again outside a sortie's block is deducted once.
 */
import { computeSubsidy, type PolygonGeometry, roundMu, type TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { sprayedArea } from '../../telemetry/area/sprayedArea.ts';
import { encodeTrack } from '../../telemetry/codec/trackCodec.ts';
import { buildEvidence } from './subsidies.evidence.ts';
import type { RateVersion, SortieFactRow } from './subsidies.sources.ts';

const LAT = 33.45;
const M_LNG = 1 / (111_320 * Math.cos((LAT * Math.PI) / 180));
const M_LAT = 1 / 110_574;

/** Four passes of `length` m, 6 m apart, eastward from `lng0` (a sample every 5 m). */
function field(lng0: number, start: number, length = 100): TelemetryPoint[] {
  const out: TelemetryPoint[] = [];
  let t = start;
  const n = length / 5;
  for (let p = 0; p < 4; p++)
    for (let i = 0; i <= n; i++) {
      const x = p % 2 === 0 ? i * 5 : length - i * 5;
      out.push({
        recordTime: t,
        lng: lng0 + x * M_LNG,
        lat: LAT + p * 6 * M_LAT,
        height: 3,
        speed: 5,
        heading: p % 2 === 0 ? 90 : 270,
        battery: 90,
        flow: 2,
        pump: true,
        swath: 6,
        tank: 10,
        mode: 'auto',
      });
      t += 1000;
    }
  return out;
}

const fact = (id: number, points: TelemetryPoint[], lng: number): SortieFactRow => ({
  sortie_id: String(id),
  drone_id: 'D1',
  drone_name: 'D1',
  pilot_name: null,
  start_time: new Date(points[0]?.recordTime as number),
  end_time: new Date(points.at(-1)?.recordTime as number),
  area_mu: 3,
  volume_l: 3,
  crop_id: null,
  block_id: null,
  block_name: null,
  yy_account_id: 7,
  zz_account_id: 3,
  region: 156320982,
  lng,
  lat: LAT,
  has_track: true,
  odd_types: [],
  pictures: 0,
});

const RATE: RateVersion = {
  rateVersionId: 1,
  region: 156320000,
  year: 2026,
  rows: [{ regionCode: 156320000, cropId: null, terrain: 'plain', fenPerMu: 1000 }],
  hillRegions: [],
  remark: '',
  createdAt: new Date(0),
  createdBy: 'test',
};

interface Flown {
  id: number;
  points: TelemetryPoint[];
  lng: number;
  blockId?: number;
  /** Measured area (default 3 mu). */
  areaMu?: number;
}

async function evidenceOf(
  sorties: Flown[],
  blocks = new Map<number, PolygonGeometry>(),
  spotChecks = new Map<number, Map<number, 'passed' | 'failed'>>(),
  inRegion: (lng: number, lat: number) => boolean = () => true,
) {
  const tracks = new Map(sorties.map((s) => [String(s.id), encodeTrack(s.points)]));
  return buildEvidence({
    programme: {
      key: 'r:156320000:2026',
      tftzId: null,
      tftzName: null,
      region: 156320000,
      year: 2026,
      polygon: null,
      medId: null,
      ownerAccountId: null,
    },
    facts: sorties.map((s) => ({
      ...fact(s.id, s.points, s.lng),
      area_mu: s.areaMu ?? 3,
      block_id: s.blockId ?? null,
      block_name: s.blockId != null ? `block ${s.blockId}` : null,
    })),
    doseRange: null,
    rate: RATE,
    blocks,
    blockDoses: new Map(),
    spotChecks,
    inRegion,
    tracks: async (ids) => new Map(ids.map((id) => [id, tracks.get(id) as Uint8Array])),
  });
}

async function overlapOf(sorties: Flown[]) {
  const lines = await evidenceOf(sorties);
  return new Map(lines.map((l) => [l.sortieId, l.overlapMu]));
}

describe('overlap across a cell edge', () => {
  const t0 = Date.UTC(2026, 5, 1, 2);
  // A field from 30 m west of the 120.1° edge to 70 m east of it.
  const west = 120.1 - 30 * M_LNG;

  it('compares a field cut by the edge whole: the later sortie pays for the part sprayed again', async () => {
    // The first sortie's centre lies east of the edge (cell 1201), the second's west of it (1200).
    const first = field(west, t0);
    const again = field(west - 40 * M_LNG, t0 + 3_600_000);
    const m = await overlapOf([
      { id: 1, points: first, lng: west + 50 * M_LNG },
      { id: 2, points: again, lng: west + 10 * M_LNG - 40 * M_LNG },
    ]);
    expect(Math.floor((west + 50 * M_LNG) / 0.1)).not.toBe(Math.floor((west - 30 * M_LNG) / 0.1));
    expect(m.get(1)).toBe(0);
    // 60 m of the four 100 m passes sprayed again: 60 x 24 m, about 2.2 mu (more at the passes' ends).
    expect(m.get(2)).toBeGreaterThan(1.9);
    expect(m.get(2)).toBeLessThan(2.6);
  });

  it('counts each sortie once, in its own cell, whichever side sprays first', async () => {
    const a = field(west, t0);
    const b = field(west - 40 * M_LNG, t0 - 3_600_000);
    const m = await overlapOf([
      { id: 3, points: b, lng: west - 30 * M_LNG },
      { id: 4, points: a, lng: west + 50 * M_LNG },
    ]);
    expect(m.get(3)).toBe(0);
    expect(m.get(4)).toBeGreaterThan(1);
  });
});

describe('overlap across blocks', () => {
  const t0 = Date.UTC(2026, 5, 1, 2);
  const lng0 = 120.15;
  const HOUR = 3_600_000;
  /** A rectangle (metres east, north of lng0, LAT) as a block. */
  const rect = (x0: number, y0: number, x1: number, y1: number): PolygonGeometry => {
    const at = (x: number, y: number): [number, number] => [lng0 + x * M_LNG, LAT + y * M_LAT];
    return { type: 'Polygon', coordinates: [[at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]] };
  };
  const whole = field(lng0, t0);
  const mu = sprayedArea(whole).areaMu;
  const flown = (id: number, points: TelemetryPoint[], blockId?: number): Flown => ({
    id,
    points,
    lng: lng0 + 50 * M_LNG,
    blockId,
    areaMu: sprayedArea(points).areaMu,
  });

  it('deducts a sortie off the block for the block sortie that sprayed the field before, and the other way', async () => {
    const blocks = new Map([[1, rect(-20, -10, 120, 30)]]);
    for (const [first, second] of [
      [1, undefined],
      [undefined, 1],
    ]) {
      const lines = await evidenceOf(
        [flown(1, whole, first), flown(2, field(lng0, t0 + HOUR), second)],
        blocks,
      );
      const f = computeSubsidy(lines, null);
      expect(f.lines[0]?.deductions).toEqual([]);
      const later = f.lines[1];
      expect(later?.deductions.map((d) => d.reason)).toEqual(['overlap']);
      expect(later?.paidMu).toBeLessThan(0.05 * mu);
    }
  });

  it("deducts a sortie on one block for another block's sortie over the same ground", async () => {
    const blocks = new Map([
      [1, rect(-20, -10, 120, 30)],
      [2, rect(-20, -10, 120, 30)],
    ]);
    const lines = await evidenceOf([flown(1, whole, 1), flown(2, field(lng0, t0 + HOUR), 2)], blocks);
    expect(lines[1]?.overlapMu).toBeGreaterThan(0.9 * mu);
  });

  it('does not deduct the part of a sortie outside its block twice when it was also sprayed before', async () => {
    // The first sortie (no block) sprays the eastern half; the second, on a block holding the
    // western half, sprays the whole field: its eastern half is outside its block and sprayed
    // before, its western half is sound.
    const east = field(lng0 + 50 * M_LNG, t0, 50);
    const blocks = new Map([[1, rect(-20, -10, 50, 30)]]);
    const lines = await evidenceOf([flown(1, east), flown(2, field(lng0, t0 + HOUR), 1)], blocks);
    const e = lines[1];
    expect(e?.outsideBlockMu).toBeGreaterThan(0.35 * mu);
    expect(e?.overlapMu).toBeGreaterThan(0.35 * mu);
    expect(e?.overlapOutsideBlockMu).toBeGreaterThan(0.9 * (e?.overlapMu as number));
    const line = computeSubsidy(lines, null).lines[1];
    const outside = line?.deductions.find((d) => d.reason === 'outsideBlock')?.mu ?? 0;
    const again = line?.deductions.find((d) => d.reason === 'overlap')?.mu ?? 0;
    expect(outside).toBe(e?.outsideBlockMu);
    expect(again).toBeLessThan(0.05 * mu);
    // The western half, sprayed once inside the block, is paid.
    expect(line?.paidMu).toBeGreaterThan(0.4 * mu);
    expect(line?.paidMu).toBeLessThan(0.6 * mu);
  });

  it('does not deduct ground an earlier sortie sprayed outside its own block (it was not paid)', async () => {
    // The first sortie's block holds the western half only; the second sortie has no block.
    const blocks = new Map([[1, rect(-20, -10, 50, 30)]]);
    const lines = await evidenceOf([flown(1, whole, 1), flown(2, field(lng0, t0 + HOUR))], blocks);
    expect(lines[0]?.outsideBlockMu).toBeGreaterThan(0.4 * mu);
    const again = lines[1]?.overlapMu as number;
    expect(again).toBeGreaterThan(0.4 * mu);
    expect(again).toBeLessThan(0.6 * mu);
  });

  it('does not deduct ground sprayed before by a sortie that is not paid (failed spot check)', async () => {
    const sorties = [flown(1, whole), flown(2, field(lng0, t0 + HOUR))];
    expect((await evidenceOf(sorties))[1]?.overlapMu).toBeGreaterThan(0.9 * mu);
    const failed = new Map([[7, new Map([[1, 'failed' as const]])]]);
    expect((await evidenceOf(sorties, new Map(), failed))[1]?.overlapMu).toBe(0);
  });

  it('does not deduct the part outside both the region and the block twice', async () => {
    // The region and the block both end 50 m east of the field's west edge: the eastern half is
    // outside both, the western half is paid.
    const blocks = new Map([[1, rect(-20, -10, 50, 30)]]);
    const inRegion = (lng: number) => lng < lng0 + 50 * M_LNG;
    const [e] = await evidenceOf([flown(1, whole, 1)], blocks, new Map(), inRegion);
    expect(e?.outsideRegionMu).toBeGreaterThan(0.35 * mu);
    expect(e?.outsideBlockMu).toBeGreaterThan(0.35 * mu);
    expect(e?.outsideRegionAndBlockMu).toBeGreaterThan(0.35 * mu);
    const line = computeSubsidy(e ? [e] : [], null).lines[0];
    expect(line?.paidMu).toBeGreaterThan(0.4 * mu);
    expect(line?.paidMu).toBeLessThan(0.6 * mu);
    expect(roundMu((line?.paidMu ?? 0) + (line?.deductions ?? []).reduce((s, d) => s + d.mu, 0))).toBe(
      line?.monitoredMu,
    );
  });
});
