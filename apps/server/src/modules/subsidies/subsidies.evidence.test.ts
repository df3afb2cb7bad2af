/**
 * buildEvidence's overlap grouping: a field cut by the edge of a 0.1° cell is compared whole (the
 * neighbouring cell's sorties near the edge are painted as context), and each sortie's overlap is
 * counted once, in its own cell.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { encodeTrack } from '../../telemetry/codec/trackCodec.ts';
import { buildEvidence } from './subsidies.evidence.ts';
import type { RateVersion, SortieFactRow } from './subsidies.sources.ts';

const LAT = 33.45;
const M_LNG = 1 / (111_320 * Math.cos((LAT * Math.PI) / 180));
const M_LAT = 1 / 110_574;

/** Four 100 m passes, 6 m apart, eastward from `lng0` (a sample every 5 m). */
function field(lng0: number, start: number): TelemetryPoint[] {
  const out: TelemetryPoint[] = [];
  let t = start;
  for (let p = 0; p < 4; p++)
    for (let i = 0; i <= 20; i++) {
      const x = p % 2 === 0 ? i * 5 : 100 - i * 5;
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

async function overlapOf(sorties: Array<{ id: number; points: TelemetryPoint[]; lng: number }>) {
  const tracks = new Map(sorties.map((s) => [String(s.id), encodeTrack(s.points)]));
  const lines = await buildEvidence({
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
    facts: sorties.map((s) => fact(s.id, s.points, s.lng)),
    doseRange: null,
    rate: RATE,
    blocks: new Map(),
    blockDoses: new Map(),
    spotChecks: new Map(),
    inRegion: () => true,
    tracks: async (ids) => new Map(ids.map((id) => [id, tracks.get(id) as Uint8Array])),
  });
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
