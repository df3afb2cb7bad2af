/**
 * Track files in the browser (the Tools screen's converter): read GPX, KML (DOMParser and
 * @tmcw/togeojson) and GeoJSON into tracks (lines of positions), write them as GeoJSON, GPX 1.1 or
 * KML 2.2. The writers are small pure functions (no DOM); a bad file comes back as a translation key,
 * never a throw. GeoJSON lines (LineString, each part of a MultiLineString) are tracks; a file with
 * no line but points is read as one track through its points in order (a telemetry export).
 */
import { type CoordinateSystem, convertCoordinate, geodesicDistanceM } from '@agrifleet/domain';
import { gpx, kml } from '@tmcw/togeojson';
import type { Feature, FeatureCollection, Geometry, LineString, Position } from 'geojson';

export const TRACK_MAX_BYTES = 20 * 1024 * 1024;
export const TRACK_FORMATS = ['geojson', 'gpx', 'kml'] as const;
export type TrackFormat = (typeof TRACK_FORMATS)[number];

export interface Track {
  name: string | null;
  /** [lng, lat] or [lng, lat, elevation in metres]. */
  positions: Position[];
}

export type TrackRead =
  | { ok: true; tracks: Track[] }
  | { ok: false; message: string; vars?: Record<string, number> };

const nameOf = (f: Feature): string | null => {
  const v = f.properties?.name;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

const validPosition = (p: unknown): p is Position =>
  Array.isArray(p) &&
  p.length >= 2 &&
  p.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

function linesOf(g: Geometry | null | undefined): Position[][] {
  if (!g) return [];
  if (g.type === 'LineString') return [g.coordinates];
  if (g.type === 'MultiLineString') return g.coordinates;
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(linesOf);
  return [];
}

/** The tracks of GeoJSON features (see the file comment); throws on a position that is not one. */
export function tracksOfFeatures(features: readonly Feature[]): Track[] {
  const tracks: Track[] = [];
  for (const f of features)
    for (const line of linesOf(f.geometry)) {
      if (!line.every(validPosition)) throw new Error('bad position');
      if (line.length) tracks.push({ name: nameOf(f), positions: line.map((p) => p.slice(0, 3)) });
    }
  if (tracks.length) return tracks;
  const points = features.flatMap((f) => (f.geometry?.type === 'Point' ? [f.geometry.coordinates] : []));
  if (!points.every(validPosition)) throw new Error('bad position');
  return points.length >= 2 ? [{ name: null, positions: points.map((p) => p.slice(0, 3)) }] : [];
}

function featuresOfGeoJson(value: unknown): Feature[] {
  const v = value as { type?: unknown; features?: unknown } | null;
  if (!v || typeof v !== 'object' || typeof v.type !== 'string') throw new Error('not GeoJSON');
  if (v.type === 'FeatureCollection') {
    if (!Array.isArray(v.features)) throw new Error('not GeoJSON');
    return v.features as Feature[];
  }
  if (v.type === 'Feature') return [v as Feature];
  return [{ type: 'Feature', properties: {}, geometry: v as Geometry }];
}

const found = (tracks: Track[]): TrackRead =>
  tracks.length ? { ok: true, tracks } : { ok: false, message: 'tools:track.noTrack' };

/** The format a file name says (null: none we read). */
export function formatOfName(name: string): TrackFormat | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  return ext === 'gpx' || ext === 'kml' ? ext : null;
}

/** Parses a file's text by its name's extension. */
export function readTrackText(name: string, text: string): TrackRead {
  const format = formatOfName(name);
  if (format === 'geojson') {
    try {
      return found(tracksOfFeatures(featuresOfGeoJson(JSON.parse(text))));
    } catch {
      return { ok: false, message: 'tools:track.notGeoJson' };
    }
  }
  if (format === 'gpx' || format === 'kml') {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement?.localName !== format)
      return { ok: false, message: `tools:track.not${format === 'gpx' ? 'Gpx' : 'Kml'}` };
    try {
      const fc = format === 'gpx' ? gpx(doc) : kml(doc);
      return found(tracksOfFeatures(fc.features as Feature[]));
    } catch {
      return { ok: false, message: `tools:track.not${format === 'gpx' ? 'Gpx' : 'Kml'}` };
    }
  }
  return { ok: false, message: 'tools:track.fileType' };
}

export async function readTrackFile(file: File): Promise<TrackRead> {
  if (file.size > TRACK_MAX_BYTES) return { ok: false, message: 'tools:track.tooLarge', vars: { mb: 20 } };
  return readTrackText(file.name, await file.text());
}

/** The tracks moved from one coordinate system to another (elevations kept). */
export function shiftTracks(tracks: readonly Track[], from: CoordinateSystem, to: CoordinateSystem): Track[] {
  if (from === to) return [...tracks];
  return tracks.map((t) => ({
    name: t.name,
    positions: t.positions.map(([lng, lat, ...rest]) => {
      const p = convertCoordinate({ lng: lng as number, lat: lat as number }, from, to);
      return [p.lng, p.lat, ...rest];
    }),
  }));
}

export interface TrackSummary {
  tracks: number;
  points: number;
  /** Along every track, metres (WGS-84 geodesic). */
  lengthM: number;
  bbox: [number, number, number, number] | null;
}

export function summarize(tracks: readonly Track[]): TrackSummary {
  let points = 0;
  let lengthM = 0;
  let bbox: TrackSummary['bbox'] = null;
  for (const t of tracks) {
    points += t.positions.length;
    for (let i = 0; i < t.positions.length; i++) {
      const [lng, lat] = t.positions[i] as [number, number];
      bbox = bbox
        ? [Math.min(bbox[0], lng), Math.min(bbox[1], lat), Math.max(bbox[2], lng), Math.max(bbox[3], lat)]
        : [lng, lat, lng, lat];
      const prev = t.positions[i - 1];
      if (prev) lengthM += geodesicDistanceM(prev[0] as number, prev[1] as number, lng, lat);
    }
  }
  return { tracks: tracks.length, points, lengthM, bbox };
}

export function toGeoJson(tracks: readonly Track[]): FeatureCollection<LineString> {
  return {
    type: 'FeatureCollection',
    features: tracks.map((t) => ({
      type: 'Feature',
      properties: t.name ? { name: t.name } : {},
      geometry: { type: 'LineString', coordinates: t.positions },
    })),
  };
}

/** Text for XML content and attribute values. */
export function xmlText(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** A number as XML writes it: no exponent, at most 9 decimals (about 0.1 mm). */
const num = (n: number) => {
  const s = n.toFixed(9).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

/** GPX 1.1: one trk with one trkseg per track; ele when the position has a height. */
export function toGpx(tracks: readonly Track[], creator = 'AgriFleet'): string {
  const trks = tracks.map((t) => {
    const pts = t.positions
      .map(
        ([lng, lat, ele]) =>
          `      <trkpt lat="${num(lat as number)}" lon="${num(lng as number)}">${ele === undefined ? '' : `<ele>${num(ele)}</ele>`}</trkpt>`,
      )
      .join('\n');
    const name = t.name ? `    <name>${xmlText(t.name)}</name>\n` : '';
    return `  <trk>\n${name}    <trkseg>\n${pts}\n    </trkseg>\n  </trk>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${xmlText(creator)}" xmlns="http://www.topografix.com/GPX/1/1">`,
    ...trks,
    '</gpx>',
    '',
  ].join('\n');
}

/** KML 2.2: a Placemark with a LineString per track (coordinates lng,lat[,alt]). */
export function toKml(tracks: readonly Track[], documentName = 'AgriFleet'): string {
  const marks = tracks.map((t) => {
    const coords = t.positions.map((p) => p.slice(0, 3).map(num).join(',')).join(' ');
    const name = t.name ? `      <name>${xmlText(t.name)}</name>\n` : '';
    return `    <Placemark>\n${name}      <LineString>\n        <tessellate>1</tessellate>\n        <coordinates>${coords}</coordinates>\n      </LineString>\n    </Placemark>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${xmlText(documentName)}</name>`,
    ...marks,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}

export const MIME: Record<TrackFormat, string> = {
  geojson: 'application/geo+json',
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
};

/** The file text of the tracks in a format. */
export function writeTracks(tracks: readonly Track[], format: TrackFormat): string {
  if (format === 'gpx') return toGpx(tracks);
  if (format === 'kml') return toKml(tracks);
  return JSON.stringify(toGeoJson(tracks));
}

/** The output file's name: the input's base name with the new extension. */
export function outputName(inputName: string, format: TrackFormat): string {
  const base =
    inputName
      .replace(/\.[^.]*$/, '')
      .replace(/[\\/:*?"<>|\s]+/g, '_')
      .slice(0, 80) || 'track';
  return `${base}.${format}`;
}
