/**
 * Test kit: a zipped Shapefile built byte by byte (a polygon layer, no .prj: degrees as written),
 * for the unit test (shapefile.test.ts) and the browser test (e2e/blocks.e2e.ts). Not used by the app.
 */

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A .shp of polygons (each a list of rings, outer clockwise, holes counter-clockwise). */
export function shp(polygons: number[][][][]): Uint8Array {
  const records = polygons.map((rings) => {
    const points = rings.flat();
    const content = new DataView(new ArrayBuffer(44 + 4 * rings.length + 16 * points.length));
    content.setInt32(0, 5, true);
    const xs = points.map((p) => p[0] as number);
    const ys = points.map((p) => p[1] as number);
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) => {
      content.setFloat64(4 + 8 * i, v, true);
    });
    content.setInt32(36, rings.length, true);
    content.setInt32(40, points.length, true);
    let start = 0;
    rings.forEach((r, i) => {
      content.setInt32(44 + 4 * i, start, true);
      start += r.length;
    });
    points.forEach((p, i) => {
      const o = 44 + 4 * rings.length + 16 * i;
      content.setFloat64(o, p[0] as number, true);
      content.setFloat64(o + 8, p[1] as number, true);
    });
    return new Uint8Array(content.buffer);
  });
  const length = 100 + records.reduce((s, r) => s + 8 + r.length, 0);
  const out = new DataView(new ArrayBuffer(length));
  out.setInt32(0, 9994, false);
  out.setInt32(24, length / 2, false);
  out.setInt32(28, 1000, true);
  out.setInt32(32, 5, true);
  let o = 100;
  records.forEach((r, i) => {
    out.setInt32(o, i + 1, false);
    out.setInt32(o + 4, r.length / 2, false);
    new Uint8Array(out.buffer).set(r, o + 8);
    o += 8 + r.length;
  });
  return new Uint8Array(out.buffer);
}

/** A zip archive with stored (uncompressed) entries. */
export function zip(files: Record<string, Uint8Array>): ArrayBuffer {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const n = new TextEncoder().encode(name);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 10, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, n.length, true);
    const dir = new DataView(new ArrayBuffer(46));
    dir.setUint32(0, 0x02014b50, true);
    dir.setUint16(4, 20, true);
    dir.setUint16(6, 10, true);
    dir.setUint32(16, crc, true);
    dir.setUint32(20, data.length, true);
    dir.setUint32(24, data.length, true);
    dir.setUint16(28, n.length, true);
    dir.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), n, data);
    central.push(new Uint8Array(dir.buffer), n);
    offset += 30 + n.length + data.length;
  }
  const size = central.reduce((s, c) => s + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Object.keys(files).length, true);
  end.setUint16(10, Object.keys(files).length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((s, a) => s + a.length, 0));
  let at = 0;
  for (const a of all) {
    out.set(a, at);
    at += a.length;
  }
  return out.buffer;
}
