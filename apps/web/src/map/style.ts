/**
 * The offline basemap style and the layer order overlays rely on. The style needs no glyphs and no
 * sprite: labels are symbol icons whose images the browser draws (labels.ts), so nothing is fetched
 * but the three GeoJSON files shipped under /basemap/.
 */
import type {
  ExpressionSpecification,
  LayerSpecification,
  Map as MapLibreMap,
  StyleSpecification,
} from 'maplibre-gl';

/**
 * Empty marker layers, bottom to top. An overlay inserts its layers just below its slot's marker:
 * hd (raster imagery) < areas (no-fly zones, blocks) < basemap labels < lines (tracks) < points (drones).
 */
export const SLOTS = ['hd', 'areas', 'lines', 'points'] as const;
export type Slot = (typeof SLOTS)[number];
export const slotId = (slot: Slot) => `slot:${slot}`;

const marker = (slot: Slot): LayerSpecification => ({
  id: slotId(slot),
  type: 'background',
  layout: { visibility: 'none' },
});

export const LABEL_LAYERS = [
  'basemap-city-labels',
  'basemap-province-labels',
  'basemap-country-labels',
] as const;

/** Image id of a label: 'lbl|<language>|<kind>|<name>'; labels.ts draws it on demand. */
export function labelImage(language: string): ExpressionSpecification {
  return ['concat', 'lbl|', language, '|', ['get', 'kind'], '|', ['get', `name_${language}`]];
}

const base = () => new URL(`${import.meta.env.BASE_URL}basemap/`, window.location.href).href;

const labelLayer = (id: string, kind: string, minzoom: number, language: string): LayerSpecification => ({
  id,
  type: 'symbol',
  source: 'basemap-labels',
  minzoom,
  filter: ['==', ['get', 'kind'], kind],
  layout: {
    'icon-image': labelImage(language),
    'symbol-sort-key': ['get', 'rank'],
    'icon-padding': 4,
    'icon-rotation-alignment': 'viewport',
    'icon-pitch-alignment': 'viewport',
  },
});

export function basemapStyle(language: string): StyleSpecification {
  const url = base();
  const attribution = 'Natural Earth, world-atlas, Apache ECharts';
  return {
    version: 8,
    projection: { type: 'globe' },
    // No atmosphere: a full-screen shader that costs much on machines without a GPU.
    sky: { 'atmosphere-blend': 0 },
    sources: {
      'basemap-land': { type: 'geojson', data: `${url}countries.json`, attribution, maxzoom: 8 },
      'basemap-borders': { type: 'geojson', data: `${url}borders.json`, maxzoom: 8 },
      'basemap-labels': { type: 'geojson', data: `${url}labels.json`, maxzoom: 8 },
    },
    layers: [
      { id: 'basemap-sea', type: 'background', paint: { 'background-color': '#b9d3e6' } },
      {
        id: 'basemap-land',
        type: 'fill',
        source: 'basemap-land',
        // No antialiased outline: the sea colour draws the coast, and the outline pass is a third of a
        // repaint on a machine without a GPU (bench/map-baseline.ts).
        paint: { 'fill-color': '#f3f1ea', 'fill-antialias': false },
      },
      {
        // Prefecture-level divisions of China (from zoom 6): the finest boundaries that ship offline.
        id: 'basemap-city-borders',
        type: 'line',
        source: 'basemap-borders',
        minzoom: 6,
        filter: ['==', ['get', 'kind'], 'city'],
        paint: {
          'line-color': '#b3a9bf',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 12, 1.2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'basemap-province-borders',
        type: 'line',
        source: 'basemap-borders',
        filter: ['==', ['get', 'kind'], 'province'],
        paint: {
          'line-color': '#a393b5',
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.7, 8, 1.4],
          'line-dasharray': [4, 2],
        },
      },
      {
        id: 'basemap-country-borders',
        type: 'line',
        source: 'basemap-borders',
        filter: ['==', ['get', 'kind'], 'country'],
        layout: { 'line-join': 'round' },
        paint: { 'line-color': '#8c7a9c', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.9, 8, 2] },
      },
      marker('hd'),
      marker('areas'),
      labelLayer(LABEL_LAYERS[0], 'city', 7, language),
      labelLayer(LABEL_LAYERS[1], 'province', 4, language),
      labelLayer(LABEL_LAYERS[2], 'country', 0, language),
      marker('lines'),
      marker('points'),
    ],
  };
}

/**
 * Adds the slot markers to a style that lacks them (an online style): hd and areas below its first
 * symbol layer, lines and points on top.
 */
export function ensureSlots(map: MapLibreMap): void {
  if (map.getLayer(slotId('points'))) return;
  const firstSymbol = map.getStyle().layers.find((l) => l.type === 'symbol')?.id;
  map.addLayer(marker('hd'), firstSymbol);
  map.addLayer(marker('areas'), firstSymbol);
  map.addLayer(marker('lines'));
  map.addLayer(marker('points'));
}

/** Name fields an online (OpenMapTiles-like) style may carry, best first, per UI language. */
const ONLINE_NAMES: Record<string, string[]> = {
  en: ['name:en', 'name_en'],
  zh: ['name:zh-Hans', 'name:zh', 'name_zh'],
  'zh-TW': ['name:zh-Hant', 'name:zh-TW', 'name:zh', 'name_zh'],
  th: ['name:th', 'name_th'],
  ko: ['name:ko', 'name_ko'],
};

/** Switches the labels to `language`: ours always, an online style's text labels as far as it allows. */
export function setLabelLanguage(map: MapLibreMap, language: string): void {
  for (const id of LABEL_LAYERS) {
    if (map.getLayer(id)) map.setLayoutProperty(id, 'icon-image', labelImage(language));
  }
  const fields = ONLINE_NAMES[language] ?? ['name'];
  for (const layer of map.getStyle().layers) {
    if (layer.type !== 'symbol' || layer.id.startsWith('basemap-')) continue;
    const text = JSON.stringify(layer.layout?.['text-field'] ?? '');
    if (!/name/.test(text)) continue;
    const names = [...fields, 'name:latin', 'name'].map((f): ExpressionSpecification => ['get', f]);
    map.setLayoutProperty(layer.id, 'text-field', ['coalesce', ...names]);
  }
}
