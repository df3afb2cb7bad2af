/**
 * A coordinate grid on the offline basemap (issue 21: at field zoom the land is one colour): parallels
 * and meridians at a round step chosen for the view, each labelled at the map's left (latitude) or top
 * (longitude) edge. Computed in the browser for the view on every move: nothing is downloaded.
 */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';

/** Steps in degrees, widest first: 1-2-5 from 10° down to 0.0001° (about 10 m). */
export const GRID_STEPS = [
  10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001,
] as const;

/** Least spacing of meridians (their labels sit side by side at the top) and of parallels, px. */
const MIN_GAP_X = 120;
const MIN_GAP_Y = 60;
/** Below this zoom (the whole globe) the grid is left out. */
export const GRID_MIN_ZOOM = 6;

export interface View {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The map's size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The finest step whose lines stay MIN_GAP_X / MIN_GAP_Y pixels apart in this view. Pure. */
export function gridStep(view: View, size: Size): number {
  const pxPerLng = size.width / Math.max(1e-9, view.east - view.west);
  const pxPerLat = size.height / Math.max(1e-9, view.north - view.south);
  for (let i = GRID_STEPS.length - 1; i >= 0; i--) {
    const step = GRID_STEPS[i] as number;
    if (step * pxPerLng >= MIN_GAP_X && step * pxPerLat >= MIN_GAP_Y) return step;
  }
  return GRID_STEPS[0];
}

/** Decimals a label needs for `step` (0.05 -> 2). */
const decimalsOf = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

/** "32.51°N", "118.8°E", "0°": a coordinate as on a chart, language-neutral. Pure. */
export function formatCoordinate(value: number, axis: 'lat' | 'lng', step: number): string {
  const text = Math.abs(value).toFixed(decimalsOf(step));
  if (Number(text) === 0) return '0°';
  const hemisphere = axis === 'lat' ? (value > 0 ? 'N' : 'S') : value > 0 ? 'E' : 'W';
  return `${text}°${hemisphere}`;
}

/** Values k * step inside [from, to]. */
function ticks(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  const decimals = decimalsOf(step);
  for (let k = Math.ceil(from / step); k * step <= to; k++) out.push(Number((k * step).toFixed(decimals)));
  return out;
}

/**
 * The grid of a view: `kind: 'line'` lines (densified, so they follow the globe) and `kind: 'label'`
 * points with `name` and `anchor` (latitude labels at the west edge, longitude labels at the north edge). Pure.
 */
export function graticule(view: View, size: Size, zoom: number): FeatureCollection<LineString | Point> {
  if (zoom < GRID_MIN_ZOOM) return { type: 'FeatureCollection', features: [] };
  const south = Math.max(-85, view.south);
  const north = Math.min(85, view.north);
  const west = Math.max(-180, view.west);
  const east = Math.min(180, view.east);
  const step = gridStep(view, size);
  // Lines reach a view's width and height past each edge, so a pan or zoom-out under way still shows
  // them before the next update; labels sit at the edges of the view itself.
  const [w, h] = [east - west, north - south];
  const [s0, n0] = [Math.max(-85, south - h), Math.min(85, north + h)];
  const [w0, e0] = [Math.max(-180, west - w), Math.min(180, east + w)];
  const features: Feature<LineString | Point>[] = [];
  const pieces = 48;
  const insetX = w * 0.005;
  const insetY = h * 0.005;
  for (const lat of ticks(s0, n0, step)) {
    const coordinates = Array.from({ length: pieces + 1 }, (_, i) => [w0 + ((e0 - w0) * i) / pieces, lat]);
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: { kind: 'line' },
    });
    if (lat < south || lat > north) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [west + insetX, lat] },
      properties: { kind: 'label', anchor: 'left', name: formatCoordinate(lat, 'lat', step) },
    });
  }
  for (const lng of ticks(w0, e0, step)) {
    const coordinates = Array.from({ length: pieces + 1 }, (_, i) => [lng, s0 + ((n0 - s0) * i) / pieces]);
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: { kind: 'line' },
    });
    if (lng < west || lng > east) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, north - insetY] },
      properties: { kind: 'label', anchor: 'top', name: formatCoordinate(lng, 'lng', step) },
    });
  }
  return { type: 'FeatureCollection', features };
}
