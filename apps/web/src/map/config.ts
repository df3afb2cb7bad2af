/**
 * Online map sources: from the deployment's host profile (config/hosts.json: mapSatelliteStyleUrl,
 * mapHdTilesUrl, read at run time), else from the build (VITE_MAP_SATELLITE_STYLE_URL,
 * VITE_MAP_HD_TILES_URL):
 * - a MapLibre style JSON URL for the satellite-streets style;
 * - an XYZ raster tile template ({z}/{x}/{y}) for the HD layer, 256 px tiles, shown from zoom 12
 *   (tiles exist up to 24).
 * Unset, the map uses only its offline basemap and the settings offering them are disabled.
 */
const env = import.meta.env as Record<string, string | boolean | undefined>;

function url(name: string): string | null {
  const v = env[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

const built = {
  satelliteStyleUrl: url('VITE_MAP_SATELLITE_STYLE_URL'),
  hdTilesUrl: url('VITE_MAP_HD_TILES_URL'),
};
let sources = built;

/** The host profile's sources (MapView sets them before the map is made). */
export function setMapSources(profile: { mapSatelliteStyleUrl?: string; mapHdTilesUrl?: string }) {
  sources = {
    satelliteStyleUrl: profile.mapSatelliteStyleUrl?.trim() || built.satelliteStyleUrl,
    hdTilesUrl: profile.mapHdTilesUrl?.trim() || built.hdTilesUrl,
  };
}

export const mapConfig = {
  get satelliteStyleUrl(): string | null {
    return sources.satelliteStyleUrl;
  },
  get hdTilesUrl(): string | null {
    return sources.hdTilesUrl;
  },
};

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
