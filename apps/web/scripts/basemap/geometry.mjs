/** Plain geometry helpers of the basemap generator (planar, in degrees). */

/** Douglas-Peucker on a polyline of [x, y]; the end points are always kept. */
export function simplifyLine(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop();
    let maxD = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(points[i], points[first], points[last]);
      if (d > maxD) {
        maxD = d;
        index = i;
      }
    }
    if (index >= 0 && maxD > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

function segmentDistance2(p, a, b) {
  let x = a[0];
  let y = a[1];
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Rounds every coordinate of nested arrays to `digits` decimals, dropping repeated points. */
export function roundCoords(coords, digits) {
  const f = 10 ** digits;
  if (typeof coords[0] === 'number') return coords.map((v) => Math.round(v * f) / f);
  const out = coords.map((c) => roundCoords(c, digits));
  if (typeof out[0]?.[0] !== 'number') return out;
  return out.filter((p, i) => i === 0 || p[0] !== out[i - 1][0] || p[1] !== out[i - 1][1]);
}

/** Area of a ring in square degrees scaled by cos(latitude) (enough to rank shapes). */
export function ringArea(ring) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  const lat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  return Math.abs(a / 2) * Math.cos((lat * Math.PI) / 180);
}

export function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

function insideRings(x, y, rings) {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function edgeDistance(x, y, rings) {
  let best = Number.POSITIVE_INFINITY;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      best = Math.min(best, segmentDistance2([x, y], ring[j], ring[i]));
    }
  }
  return Math.sqrt(best);
}

/**
 * A label point inside a polygon (with holes): the grid point farthest from every edge, refined twice
 * around the best cell (a coarse "pole of inaccessibility"). Longitudes are scaled by cos(latitude).
 */
export function labelPoint(rings) {
  const outer = rings[0];
  let [minX, minY, maxX, maxY] = [180, 90, -180, -90];
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  const scaled = rings.map((r) => r.map(([x, y]) => [x * k, y]));
  let best = { x: (minX + maxX) / 2, y: (minY + maxY) / 2, d: -1 };
  let box = [minX, minY, maxX, maxY];
  for (let pass = 0; pass < 3; pass++) {
    const n = 24;
    const sx = (box[2] - box[0]) / n;
    const sy = (box[3] - box[1]) / n;
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        const x = box[0] + i * sx;
        const y = box[1] + j * sy;
        if (!insideRings(x * k, y, scaled)) continue;
        const d = edgeDistance(x * k, y, scaled);
        if (d > best.d) best = { x, y, d };
      }
    }
    box = [best.x - sx, best.y - sy, best.x + sx, best.y + sy];
  }
  return [best.x, best.y];
}
