/**
 * The coordinate grid (graticule.ts) and the scale bar on the offline basemap: the grid's source is
 * recomputed for the view after every move; its labels are canvas-drawn label images ('grid' kind).
 */
import { type GeoJSONSource, type Map as MapLibreMap, ScaleControl } from 'maplibre-gl';
import { GRID_MIN_ZOOM, graticule } from './graticule.ts';
import { slotId } from './style.ts';

const SOURCE = 'basemap-grid';

function gridData(map: MapLibreMap) {
  const b = map.getBounds();
  return graticule(
    { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
    { width: map.getContainer().clientWidth, height: map.getContainer().clientHeight },
    map.getZoom(),
  );
}

/** Adds the grid to a freshly loaded offline style (an online style has its own). */
export function addGrid(map: MapLibreMap): void {
  if (!map.getSource('basemap-land') || map.getSource(SOURCE)) return;
  map.addSource(SOURCE, { type: 'geojson', data: gridData(map) });
  map.addLayer(
    {
      id: 'basemap-grid-lines',
      type: 'line',
      source: SOURCE,
      minzoom: GRID_MIN_ZOOM,
      filter: ['==', ['get', 'kind'], 'line'],
      paint: { 'line-color': '#8f8a7a', 'line-opacity': 0.45, 'line-width': 0.8, 'line-dasharray': [3, 3] },
    },
    slotId('hd'),
  );
  map.addLayer(
    {
      id: 'basemap-grid-labels',
      type: 'symbol',
      source: SOURCE,
      minzoom: GRID_MIN_ZOOM,
      filter: ['==', ['get', 'kind'], 'label'],
      layout: {
        'icon-image': ['concat', 'lbl|en|grid|', ['get', 'name']],
        'icon-anchor': ['get', 'anchor'],
        'icon-allow-overlap': true,
        'icon-rotation-alignment': 'viewport',
        'icon-pitch-alignment': 'viewport',
      },
    },
    slotId('lines'),
  );
}

/** The scale bar (bottom left) and the grid's updates; once per map. */
export function installGrid(map: MapLibreMap): void {
  map.addControl(new ScaleControl({ maxWidth: 120, unit: 'metric' }), 'bottom-left');
  const update = () => {
    pending = null;
    map.getSource<GeoJSONSource>(SOURCE)?.setData(gridData(map));
  };
  // During a move at most every 250 ms (the labels follow the edges), and once it ends.
  let pending: ReturnType<typeof setTimeout> | null = null;
  map.on('move', () => {
    pending ??= setTimeout(update, 250);
  });
  map.on('moveend', () => {
    if (pending) clearTimeout(pending);
    update();
  });
}
