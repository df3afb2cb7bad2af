/**
 * Pump-off legs that keep their clearance (README "Clearance"): a turn or a transit is flown inside
 * the free region, the work area (block less the holes grown by the obstacle margin) inset by a
 * hair under half a swath, so every point of it is at least half a swath + the margin from each
 * hole's edge and half a swath inside the outer boundary. The spray legs already lie in it (laps
 * half a swath inside the work area, passes half a swath or more).
 *
 * `inside(a, b)`: the straight leg when it stays in the free region, else the shortest path through
 * it (lazy A* over the visibility graph of the region's reflex vertices, each pushed a few
 * millimetres into the region), or null when a and b lie in parts of it that do not connect.
 * `clear(a, b)`: the same around the holes' keep-out polygons only (the outer boundary may be
 * crossed): the legs from and to a home point outside the block.
 */
import type { PathsD, PointD } from 'clipper2-ts';
import { dist, type EdgeIndex, edgeIndex, inside as inPaths, offset, union } from './geom.ts';

/** How far the graph's nodes are pushed off the region's boundary into it, metres. */
const PUSH = 0.003;

export interface Router {
  /** Whether the path stays in the free region (its first point assumed in it). */
  fits(path: readonly PointD[]): boolean;
  inside(a: PointD, b: PointD): PointD[] | null;
  clear(a: PointD, b: PointD): PointD[] | null;
  /** Whether p lies in the free region. */
  contains(p: PointD): boolean;
}

interface Graph {
  edges: EdgeIndex;
  nodes: PointD[];
  /** Per node, its ring neighbours (to keep only tangent visibility edges). */
  prev: PointD[];
  next: PointD[];
}

/** The graph of region `paths` (the free space lies left of every ring: outer positive, holes negative). */
function graphOf(paths: PathsD): Graph {
  const nodes: PointD[] = [];
  const prev: PointD[] = [];
  const next: PointD[] = [];
  for (const ring of paths) {
    const n = ring.length;
    for (let i = 0; i < n; i++) {
      const a = ring[(i + n - 1) % n] as PointD;
      const v = ring[i] as PointD;
      const b = ring[(i + 1) % n] as PointD;
      const cross = (v.x - a.x) * (b.y - v.y) - (v.y - a.y) * (b.x - v.x);
      if (cross >= 0) continue; // a left turn: convex for the free space, never on a shortest path
      const l1 = Math.hypot(v.x - a.x, v.y - a.y) || 1;
      const l2 = Math.hypot(b.x - v.x, b.y - v.y) || 1;
      // Left normals of both edges point into the free space; their sum, off the corner.
      let nx = -(v.y - a.y) / l1 - (b.y - v.y) / l2;
      let ny = (v.x - a.x) / l1 + (b.x - v.x) / l2;
      const nl = Math.hypot(nx, ny) || 1;
      nx /= nl;
      ny /= nl;
      nodes.push({ x: v.x + nx * PUSH, y: v.y + ny * PUSH });
      prev.push(a);
      next.push(b);
    }
  }
  return { edges: edgeIndex(paths), nodes, prev, next };
}

const side = (a: PointD, b: PointD, p: PointD) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);

/** A binary min-heap of (key, node, parent) entries. */
class Heap {
  private key: number[] = [];
  private node: number[] = [];
  private from: number[] = [];
  get size() {
    return this.key.length;
  }
  push(k: number, n: number, f: number) {
    const { key, node, from } = this;
    let i = key.length;
    key.push(k);
    node.push(n);
    from.push(f);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((key[p] as number) <= k) break;
      key[i] = key[p] as number;
      node[i] = node[p] as number;
      from[i] = from[p] as number;
      i = p;
    }
    key[i] = k;
    node[i] = n;
    from[i] = f;
  }
  /** Removes the least entry: [node, parent]. */
  pop(): [number, number] {
    const { key, node, from } = this;
    const top: [number, number] = [node[0] as number, from[0] as number];
    const k = key.pop() as number;
    const n = node.pop() as number;
    const f = from.pop() as number;
    const size = key.length;
    if (size > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const c = l + 1 < size && (key[l + 1] as number) < (key[l] as number) ? l + 1 : l;
        if ((key[c] as number) >= k) break;
        key[i] = key[c] as number;
        node[i] = node[c] as number;
        from[i] = from[c] as number;
        i = c;
      }
      key[i] = k;
      node[i] = n;
      from[i] = f;
    }
    return top;
  }
}

/**
 * Shortest path from a to b in graph g, or null: lazy A* (an edge's visibility is checked only
 * when its far end is taken from the heap, so most of the graph's edges are never checked; with a
 * consistent heuristic the first visible entry of a node is its shortest).
 */
function shortest(g: Graph, a: PointD, b: PointD): PointD[] | null {
  const sees = (p: PointD, q: PointD) => !g.edges.crosses([p, q]);
  if (sees(a, b)) return [a, b];
  const N = g.nodes.length;
  const pts = [...g.nodes, a, b];
  const S = N;
  const T = N + 1;
  const cost = new Float64Array(N + 2).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(N + 2).fill(-1);
  const closed = new Uint8Array(N + 2);
  const heap = new Heap();
  heap.push(dist(a, b), S, -1);
  while (heap.size > 0) {
    const [u, f] = heap.pop();
    if (closed[u]) continue;
    const p = pts[u] as PointD;
    if (f >= 0 && !sees(pts[f] as PointD, p)) continue;
    closed[u] = 1;
    from[u] = f;
    cost[u] = f >= 0 ? (cost[f] as number) + dist(pts[f] as PointD, p) : 0;
    if (u === T) break;
    const cu = cost[u] as number;
    for (let v = 0; v < N + 2; v++) {
      if (closed[v]) continue;
      const q = pts[v] as PointD;
      // A bend at node v is only useful where the path wraps around its corner (both ring
      // neighbours on one side of the line p-v).
      if (v < N && side(p, q, g.prev[v] as PointD) * side(p, q, g.next[v] as PointD) < 0) continue;
      heap.push(cu + dist(p, q) + dist(q, b), v, u);
    }
  }
  if (!closed[T]) return null;
  const out: PointD[] = [];
  for (let i = T; i >= 0; i = from[i] as number) out.push(pts[i] as PointD);
  return out.reverse();
}

/**
 * The router of work area `work` (block less the holes grown by the margin) for half-swath `half`:
 * free region = work inset by half less `hair`; keep-out polygons = the work area's holes grown by
 * the same amount (for `clear`).
 */
export function makeRouter(work: PathsD, holes: PathsD, half: number, hair: number): Router {
  const free = offset(work, -(half - hair)).filter((r) => r.length >= 3);
  let region: Graph | null = null;
  let keepOut: Graph | null = null;
  const regionGraph = () => {
    region ??= graphOf(free);
    return region;
  };
  const keepOutGraph = () => {
    if (!keepOut) {
      // The grown holes with the free space on the left of their rings (every ring reversed).
      const grown = union(offset(holes, half - hair)).map((r) => [...r].reverse());
      keepOut = graphOf(grown);
    }
    return keepOut;
  };
  return {
    fits: (path) => !regionGraph().edges.crosses(path),
    inside: (a, b) => shortest(regionGraph(), a, b),
    clear: (a, b) => (holes.length === 0 ? [a, b] : shortest(keepOutGraph(), a, b)),
    contains: (p) => inPaths(p, free),
  };
}
