/**
 * Blocks used by the planner's tests and benchmarks (issue 11 "Figures": a rectangle, an L-shaped
 * field, a field with two holes, a thin diagonal strip, and a 2,000-mu non-convex block with two
 * holes), near lng 120.1, lat 33.4 (Jiangsu farmland). Each is drawn in local metres (x east,
 * y north) and converted with the planner's own frame, so its size is exact to well under 0.1 %.
 * Sizes suit the default 5 m swath (the rectangle's inner part is a whole number of swaths).
 */
import type { LngLat, PolygonGeometry } from '../contracts/geometry.ts';
import { frameAt } from './frame.ts';

export interface TestBlock {
  name:
    | 'rectangle'
    | 'lShape'
    | 'twoHoles'
    | 'diagonalStrip'
    | 'big2000Mu'
    | 'field39Mu'
    | 'concave40Mu'
    | 'holes1000Mu';
  geometry: PolygonGeometry;
  home: LngLat;
}

type Pt = [number, number];

const rotate = (pts: Pt[], deg: number, about: Pt = [0, 0]): Pt[] => {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return pts.map(([x, y]) => {
    const dx = x - about[0];
    const dy = y - about[1];
    return [about[0] + dx * c - dy * s, about[1] + dx * s + dy * c];
  });
};
const shift = (pts: Pt[], dx: number, dy: number): Pt[] => pts.map(([x, y]) => [x + dx, y + dy]);
const scale = (pts: Pt[], k: number): Pt[] => pts.map(([x, y]) => [x * k, y * k]);
const circle = (cx: number, cy: number, r: number, n: number): Pt[] =>
  Array.from({ length: n }, (_, i) => {
    const a = (-2 * Math.PI * i) / n; // clockwise: a hole
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Pt;
  });
const shoelace = (pts: Pt[]): number =>
  pts.reduce((s, p, i) => {
    const q = pts[(i + 1) % pts.length] as Pt;
    return s + (p[0] * q[1] - q[0] * p[1]) / 2;
  }, 0);

/** Builds a block from rings in metres around (lng0, lat0): closes the rings, rounds to 1e-7 degree. */
function block(name: TestBlock['name'], lng0: number, lat0: number, rings: Pt[][], home: Pt): TestBlock {
  const f = frameAt(lng0, lat0);
  const deg = (p: Pt): LngLat => {
    const q = f.toLngLat({ x: p[0], y: p[1] });
    return [Number(q[0].toFixed(7)), Number(q[1].toFixed(7))];
  };
  const coordinates = rings.map((ring) => {
    const out = ring.map(deg);
    out.push(out[0] as LngLat);
    return out;
  });
  return { name, geometry: { type: 'Polygon', coordinates }, home: deg(home) };
}

/** 410 m x 260 m, turned 15 degrees. */
const rectangle = block(
  'rectangle',
  120.1,
  33.4,
  [
    rotate(
      [
        [0, 0],
        [410, 0],
        [410, 260],
        [0, 260],
      ],
      15,
    ),
  ],
  [-30, -20],
);

/** 400 m x 300 m with a 250 m x 150 m corner cut away, turned 5 degrees. */
const lShape = block(
  'lShape',
  120.11,
  33.4,
  [
    rotate(
      [
        [0, 0],
        [400, 0],
        [400, 150],
        [150, 150],
        [150, 300],
        [0, 300],
      ],
      5,
    ),
  ],
  [200, 250],
);

/** 500 m x 320 m with a rectangular hole (a pond) and a round one (a pylon base, 24-gon). */
const twoHoles = block(
  'twoHoles',
  120.12,
  33.4,
  [
    [
      [0, 0],
      [500, 0],
      [500, 320],
      [0, 320],
    ],
    [
      [100, 100],
      [100, 150],
      [170, 150],
      [170, 100],
    ],
    circle(350, 200, 30, 24),
  ],
  [250, -40],
);

/** 25 m x 900 m, its long side at 35 degrees from east. */
const diagonalStrip = block(
  'diagonalStrip',
  120.13,
  33.4,
  [
    rotate(
      [
        [0, 0],
        [900, 0],
        [900, 25],
        [0, 25],
      ],
      35,
    ),
  ],
  [-20, 30],
);

/** A non-convex field (a notch in its east side, a slanted north side) with two holes, scaled to 2,000 mu net. */
const bigRings: Pt[][] = [
  [
    [0, 0],
    [1500, 0],
    [1480, 420],
    [1050, 470],
    [1020, 620],
    [1450, 700],
    [1400, 1000],
    [600, 1080],
    [0, 950],
  ],
  [
    [300, 300],
    [300, 420],
    [480, 400],
    [460, 280],
  ],
  circle(800, 780, 60, 32),
];
const bigArea = shoelace(bigRings[0] as Pt[]) + shoelace(bigRings[1] as Pt[]) + shoelace(bigRings[2] as Pt[]);
const bigK = Math.sqrt((2000 * 2000) / 3 / bigArea);
const big2000Mu = block(
  'big2000Mu',
  120.15,
  33.41,
  bigRings.map((r) => shift(scale(r, bigK), -700, -500)),
  [-760, -560],
);

export const TEST_BLOCKS: readonly TestBlock[] = [rectangle, lShape, twoHoles, diagonalStrip, big2000Mu];

/** Rings scaled (about the origin) so that the block's area net of holes is `m2`. */
const scaledTo = (rings: Pt[][], m2: number): Pt[][] => {
  const net = rings.reduce((s, r) => s + shoelace(r), 0);
  return rings.map((r) => scale(r, Math.sqrt(m2 / net)));
};

/**
 * Issue 20 "field truth" blocks (not in TEST_BLOCKS, so the issue 11 benches keep their set):
 * - field39Mu: the independent tester's case, a 39.5-mu quadrilateral (Hefei, Anhui) whose edges
 *   are all a little off square, so the inner part is not a whole number of swaths across at 6 or
 *   7.5 m;
 * - concave40Mu: a 40-mu field with a notch and a tree clump (a 9-gon hole) near its notch
 *   (Zhengzhou, Henan);
 * - holes1000Mu: a 1,000-mu non-convex field with a pond (20-gon), a farmhouse and a pylon base
 *   (Harbin, Heilongjiang: a high latitude, where a degree of longitude is short).
 */
const field39Mu = block(
  'field39Mu',
  117.23,
  31.82,
  scaledTo(
    [
      [
        [0, 0],
        [212, 9],
        [205, 131],
        [-4, 122],
      ],
    ],
    39.5 * 666.667,
  ),
  [-25, -15],
);

const concave40Mu = block(
  'concave40Mu',
  113.65,
  34.76,
  scaledTo(
    [
      [
        [0, 0],
        [230, -14],
        [238, 70],
        [150, 78],
        [140, 150],
        [-6, 140],
      ],
      circle(120, 60, 9, 9),
    ],
    40 * 666.667,
  ),
  [-20, -20],
);

const holes1000Mu = block(
  'holes1000Mu',
  126.63,
  45.75,
  scaledTo(
    [
      [
        [0, 0],
        [1000, 40],
        [980, 380],
        [700, 420],
        [690, 560],
        [960, 610],
        [930, 760],
        [50, 720],
      ],
      circle(300, 380, 45, 20),
      [
        [620, 150],
        [620, 190],
        [680, 195],
        [685, 150],
      ],
      circle(820, 690, 6, 8),
    ],
    1000 * 666.667,
  ),
  [-40, -30],
);

export const FIELD_TRUTH_BLOCKS: readonly TestBlock[] = [field39Mu, concave40Mu, holes1000Mu];

export const testBlock = (name: TestBlock['name']): TestBlock =>
  [...TEST_BLOCKS, ...FIELD_TRUTH_BLOCKS].find((b) => b.name === name) as TestBlock;
