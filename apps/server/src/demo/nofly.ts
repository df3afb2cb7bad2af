/**
 * Demo no-fly zones near the demo farm places (sim/flight/places.ts).
 *
 * Civil aviation (type 2): circles round real airports, centred on their published reference
 * points (AIP China / Wikipedia coordinates, rounded to 1e-4 degree); the radii (3-5 km) are
 * illustrative, not the legal clearance areas.
 * Other department (type 1): the polygons are FICTITIOUS, drawn a few kilometres from the farm
 * places so the live fleet's fields (2-10 km from them) now and then run into one.
 */
import type { Kysely } from 'kysely';
import { createNoflyWriter } from '../modules/nofly/nofly.repo.ts';
import type { Database } from '../platform/schema.ts';
import { localFrame } from '../sim/flight/geo.ts';
import { FARM_PLACES } from '../sim/flight/places.ts';

interface DemoCircle {
  name: string;
  detailAddress: string;
  lng: number;
  lat: number;
  radiusM: number;
  regionCode: number;
}

export const DEMO_AIRPORTS: readonly DemoCircle[] = [
  // Near Sheyang, Yancheng (about 38 km south of it). ARP N33°25.5' E120°12.1'.
  {
    name: '盐城南洋国际机场',
    detailAddress: '江苏省盐城市亭湖区南洋镇',
    lng: 120.2017,
    lat: 33.425,
    radiusM: 4000,
    regionCode: 156320900,
  },
  // Near Shihezi (about 20 km south-west).
  {
    name: '石河子花园机场',
    detailAddress: '新疆维吾尔自治区石河子市',
    lng: 85.8911,
    lat: 44.2417,
    radiusM: 3000,
    regionCode: 156659001,
  },
  // Near Funan, Fuyang (about 30 km north-east).
  {
    name: '阜阳西关机场',
    detailAddress: '安徽省阜阳市',
    lng: 115.7344,
    lat: 32.8819,
    radiusM: 3000,
    regionCode: 156341200,
  },
  // Near Fusui, Chongzuo (about 28 km east).
  {
    name: '南宁吴圩国际机场',
    detailAddress: '广西壮族自治区南宁市江南区吴圩镇',
    lng: 108.1724,
    lat: 22.6083,
    radiusM: 5000,
    regionCode: 156450100,
  },
  // Near Dehui, Changchun (about 60 km south).
  {
    name: '长春龙嘉国际机场',
    detailAddress: '吉林省长春市龙嘉',
    lng: 125.6853,
    lat: 43.9961,
    radiusM: 5000,
    regionCode: 156220100,
  },
  // The nearest airport to Suphan Buri (about 80 km south-east).
  {
    name: '曼谷廊曼国际机场',
    detailAddress: 'Vibhavadi Rangsit Rd, Don Mueang, Bangkok, Thailand',
    lng: 100.6067,
    lat: 13.9125,
    radiusM: 5000,
    regionCode: 764000000,
  },
];

interface DemoPolygon {
  name: string;
  detailAddress: string;
  place: string;
  /** Vertices in metres east and north of the farm place. */
  ring: ReadonlyArray<readonly [number, number]>;
  regionCode: number;
}

/** Fictitious zones (names say so with （演示）). */
export const DEMO_POLYGONS: readonly DemoPolygon[] = [
  {
    name: '射阳县某水库管理区（演示）',
    detailAddress: '江苏省盐城市射阳县',
    place: 'yancheng',
    ring: [
      [3200, 2600],
      [4900, 2400],
      [5300, 3500],
      [4300, 4100],
      [3100, 3600],
    ],
    regionCode: 156320924,
  },
  {
    name: '商水县某军事管理区（演示）',
    detailAddress: '河南省周口市商水县',
    place: 'zhoukou',
    ring: [
      [-4200, -4600],
      [-3000, -4600],
      [-3000, -3400],
      [-4200, -3400],
    ],
    regionCode: 156411623,
  },
  {
    name: '建三江某湿地保护区（演示）',
    detailAddress: '黑龙江省佳木斯市',
    place: 'jiansanjiang',
    ring: [
      [1500, -6200],
      [3600, -5900],
      [3900, -4400],
      [2300, -3900],
      [1200, -4800],
    ],
    regionCode: 156230800,
  },
];

/** GeoJSON ring of a demo polygon: closed, 6 decimals (about 0.1 m). */
export function demoPolygonRing(p: DemoPolygon): number[][] {
  const place = FARM_PLACES.find((f) => f.key === p.place);
  if (!place) throw new Error(`no farm place ${p.place}`);
  const frame = localFrame(place);
  const ring = p.ring.map(([x, y]) => {
    const ll = frame.toLngLat({ x, y });
    return [Number(ll.lng.toFixed(6)), Number(ll.lat.toFixed(6))];
  });
  return [...ring, ring[0] as number[]];
}

/** A zone published and later lifted: it stays in the list, disabled (not on the map). */
export const DEMO_DISABLED: DemoCircle = {
  name: '周口临时空中管制区（演示，已停用）',
  detailAddress: '河南省周口市',
  lng: 114.7,
  lat: 33.62,
  radiusM: 2000,
  regionCode: 156411600,
};

/**
 * Inserts the demo zones through the zones' writer, so each has its version 1 (and the disabled
 * one its version 2). No creator: they stand for zones published by the authorities.
 */
export async function seedDemoNofly(trx: Kysely<Database>): Promise<void> {
  const w = createNoflyWriter(trx);
  const circle = (a: DemoCircle, noflyType: 1 | 2) => ({
    name: a.name,
    detailAddress: a.detailAddress,
    noflyType,
    shape: 'circle' as const,
    geometry: { type: 'Point' as const, coordinates: [a.lng, a.lat] as [number, number] },
    radiusM: a.radiusM,
    regionCode: a.regionCode,
  });
  for (const a of DEMO_AIRPORTS) await w.create(circle(a, 2), null);
  for (const p of DEMO_POLYGONS)
    await w.create(
      {
        name: p.name,
        detailAddress: p.detailAddress,
        noflyType: 1,
        shape: 'polygon',
        geometry: { type: 'Polygon', coordinates: [demoPolygonRing(p) as [number, number][]] },
        regionCode: p.regionCode,
      },
      null,
    );
  const lifted = await w.create(circle(DEMO_DISABLED, 1), null);
  await w.setEnabled(lifted.id, false, null);
}
