/**
 * A zone from a file (GeoJSON or KML), parsed in the browser: KML with DOMParser and @tmcw/togeojson.
 * The first polygon of the file is taken (a MultiPolygon's first part); 3D positions lose their
 * height. What it returns is then checked like a drawn shape (checkZoneGeometry).
 */
import { kml } from '@tmcw/togeojson';
import type { Geometry, Polygon } from 'geojson';
import type { DrawnShape } from '../../map/DrawControl.tsx';
import { polygonsOf } from '../../map/polygons.ts';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type ImportResult =
  | { ok: true; shape: DrawnShape; polygons: number }
  | { ok: false; message: string; vars?: Record<string, number> };

function fromGeoJson(value: unknown): Polygon[] {
  const v = value as { type?: string; features?: unknown[]; geometry?: Geometry } | null;
  if (!v || typeof v !== 'object' || typeof v.type !== 'string') throw new Error('not GeoJSON');
  if (v.type === 'FeatureCollection') {
    if (!Array.isArray(v.features)) throw new Error('not GeoJSON');
    return v.features.flatMap((f) => fromGeoJson(f));
  }
  if (v.type === 'Feature') return polygonsOf(v.geometry);
  return polygonsOf(v as Geometry);
}

const picked = (polygons: Polygon[]): ImportResult => {
  const first = polygons[0];
  return first
    ? { ok: true, shape: { geometry: first }, polygons: polygons.length }
    : { ok: false, message: 'nofly:import.noPolygon' };
};

/** Parses a file's text by its name's extension. */
export function parseZoneFile(name: string, text: string): ImportResult {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'kml') {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement?.localName !== 'kml')
      return { ok: false, message: 'nofly:import.notKml' };
    const fc = kml(doc);
    return picked(fc.features.flatMap((f) => polygonsOf(f.geometry as Geometry | null)));
  }
  if (ext === 'geojson' || ext === 'json') {
    try {
      return picked(fromGeoJson(JSON.parse(text)));
    } catch {
      return { ok: false, message: 'nofly:import.notGeoJson' };
    }
  }
  return { ok: false, message: 'nofly:import.fileType' };
}

/** Reads and parses a chosen file. */
export async function importZoneFile(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, message: 'nofly:import.tooLarge', vars: { mb: 5 } };
  return parseZoneFile(file.name, await file.text());
}
