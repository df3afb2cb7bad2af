/** shpjs ships no types: the one call used (a zipped Shapefile's layers as GeoJSON). */
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';
  export function parseZip(
    buffer: ArrayBuffer | Uint8Array,
    whiteList?: string[],
  ): Promise<(FeatureCollection & { fileName?: string }) | (FeatureCollection & { fileName?: string })[]>;
}
