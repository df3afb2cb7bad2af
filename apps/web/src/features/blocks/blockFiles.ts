/**
 * Blocks from files and to files, in the browser: import GeoJSON (JSON.parse), KML (DOMParser and
 * @tmcw/togeojson) and zipped Shapefile (shpjs, loaded only then); every polygon of the file comes
 * back with its name (a MultiPolygon gives each part), 3D positions lose their height. Export one
 * block or several as GeoJSON (a FeatureCollection) or KML (@placemarkio/tokml).
 */
import { kml } from '@tmcw/togeojson';
import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson';
import { saveFile } from '../../lib/download.ts';
import { polygonsOf } from '../../map/polygons.ts';

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export interface ImportedPolygon {
  /** The feature's name in the file, if any. */
  name: string | null;
  geometry: Polygon;
}
export type ImportResult =
  | { ok: true; polygons: ImportedPolygon[] }
  | { ok: false; message: string; vars?: Record<string, number> };

const nameOf = (f: Feature): string | null => {
  const p = (f.properties ?? {}) as Record<string, unknown>;
  const v = p.name ?? p.NAME ?? p.Name ?? p.blockName ?? p.title;
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 64) : null;
};

/** The polygons of parsed GeoJSON features, with their names. */
export function polygonsOfFeatures(features: readonly Feature[]): ImportedPolygon[] {
  return features.flatMap((f) => polygonsOf(f.geometry).map((geometry) => ({ name: nameOf(f), geometry })));
}

function fromGeoJson(value: unknown): ImportedPolygon[] {
  const v = value as { type?: string; features?: unknown[] } | null;
  if (!v || typeof v !== 'object' || typeof v.type !== 'string') throw new Error('not GeoJSON');
  if (v.type === 'FeatureCollection') {
    if (!Array.isArray(v.features)) throw new Error('not GeoJSON');
    return polygonsOfFeatures(v.features as Feature[]);
  }
  if (v.type === 'Feature') return polygonsOfFeatures([v as Feature]);
  return polygonsOf(v as Geometry).map((geometry) => ({ name: null, geometry }));
}

const found = (polygons: ImportedPolygon[]): ImportResult =>
  polygons.length ? { ok: true, polygons } : { ok: false, message: 'blocks:import.noPolygon' };

/** Parses a text file (KML, GeoJSON) by its name's extension. */
export function parseBlockText(name: string, text: string): ImportResult {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'kml') {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement?.localName !== 'kml')
      return { ok: false, message: 'blocks:import.notKml' };
    return found(polygonsOfFeatures(kml(doc).features as Feature[]));
  }
  if (ext === 'geojson' || ext === 'json') {
    try {
      return found(fromGeoJson(JSON.parse(text)));
    } catch {
      return { ok: false, message: 'blocks:import.notGeoJson' };
    }
  }
  return { ok: false, message: 'blocks:import.fileType' };
}

/** A zipped Shapefile's polygons (every layer of the archive). */
export async function parseShapefileZip(buffer: ArrayBuffer): Promise<ImportResult> {
  try {
    const { parseZip } = await import('shpjs');
    const parsed = await parseZip(buffer);
    const layers = Array.isArray(parsed) ? parsed : [parsed];
    return found(layers.flatMap((fc) => polygonsOfFeatures(fc.features ?? [])));
  } catch {
    return { ok: false, message: 'blocks:import.notShapefile' };
  }
}

/** Reads and parses a chosen file. */
export async function importBlockFile(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, message: 'blocks:import.tooLarge', vars: { mb: 20 } };
  if (file.name.toLowerCase().endsWith('.zip')) return parseShapefileZip(await file.arrayBuffer());
  return parseBlockText(file.name, await file.text());
}

/** What an exported block carries. */
export interface ExportedBlock {
  blockId?: number;
  blockName: string;
  areaMu?: number;
  cropId?: number | null;
  remark?: string | null;
  geometry: Polygon;
}

export function blocksToGeoJson(blocks: readonly ExportedBlock[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: blocks.map((b) => ({
      type: 'Feature',
      geometry: b.geometry,
      properties: {
        name: b.blockName,
        blockId: b.blockId ?? null,
        areaMu: b.areaMu ?? null,
        cropId: b.cropId ?? null,
        remark: b.remark ?? null,
      },
    })),
  };
}

export async function blocksToKml(blocks: readonly ExportedBlock[]): Promise<string> {
  const { toKML } = await import('@placemarkio/tokml');
  return toKML(blocksToGeoJson(blocks));
}

/** A name safe for a file (no path separators or reserved characters). */
const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60) || 'block';

export async function exportBlocks(
  blocks: readonly ExportedBlock[],
  format: 'geojson' | 'kml',
): Promise<void> {
  const base = blocks.length === 1 ? fileSafe(blocks[0]?.blockName ?? 'block') : `blocks-${blocks.length}`;
  if (format === 'geojson')
    saveFile(`${base}.geojson`, JSON.stringify(blocksToGeoJson(blocks)), 'application/geo+json');
  else saveFile(`${base}.kml`, await blocksToKml(blocks), 'application/vnd.google-earth.kml+xml');
}
