/**
 * Online map sources, configured at build time (the host profile has no map fields):
 * - VITE_MAP_SATELLITE_STYLE_URL: a MapLibre style JSON URL for the satellite-streets style;
 * - VITE_MAP_HD_TILES_URL: an XYZ raster tile template ({z}/{x}/{y}) for the HD layer, 256 px tiles,
 *   shown from zoom 12 (tiles exist up to 24).
 * Unset, the map uses only its offline basemap and the settings offering them are disabled.
 */
const env = import.meta.env as Record<string, string | boolean | undefined>;

function url(name: string): string | null {
  const v = env[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export const mapConfig = {
  satelliteStyleUrl: url('VITE_MAP_SATELLITE_STYLE_URL'),
  hdTilesUrl: url('VITE_MAP_HD_TILES_URL'),
} as const;

/** Map constants of 000 §9. */
export const MAP_LIMITS = {
  zoom: 3.5,
  minZoom: 3,
  maxZoom: 22,
  hdTileSize: 256,
  hdMinZoom: 12,
  hdMaxZoom: 24,
  containerWaitMs: 10_000,
} as const;
