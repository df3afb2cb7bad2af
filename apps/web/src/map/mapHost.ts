/**
 * Creates the one MapLibre map on first use and keeps it for the life of the page. The map lives in
 * its own container element, which each MapView moves into itself on mount and out again on unmount;
 * the map (WebGL context, loaded data, camera) survives page changes.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@agrifleet/domain';
import i18next from 'i18next';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MAP_LIMITS, mapConfig } from './config.ts';
import { addGrid, installGrid } from './gridLayer.ts';
import { installImageResolver } from './images.ts';
import { getMapSettings, subscribeMapSettings, updateMapSettings } from './settings.ts';
import { getMapState, setMapState } from './store.ts';
import { basemapStyle, ensureSlots, setLabelLanguage, slotId } from './style.ts';

setWorkerUrl(workerUrl);

let container: HTMLDivElement | null = null;
let creating = false;

/** Resolves when `el` is attached and has a size, or after `timeoutMs` (000 §9: 10,000 ms). */
export function waitForSize(el: HTMLElement, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sized = () => el.isConnected && el.clientWidth > 0 && el.clientHeight > 0;
    if (sized()) return resolve(true);
    const started = performance.now();
    const check = () => {
      if (sized()) resolve(true);
      else if (performance.now() - started >= timeoutMs) resolve(false);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The UI language, one of the five the labels carry. */
function language(): Language {
  const l = i18next.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : DEFAULT_LANGUAGE;
}

const wantsSatellite = () => Boolean(getMapSettings().satellite && mapConfig.satelliteStyleUrl);

function applyHd(map: MapLibreMap): void {
  const on = getMapSettings().hd && mapConfig.hdTilesUrl;
  if (on && !map.getSource('af-hd')) {
    map.addSource('af-hd', {
      type: 'raster',
      tiles: [on],
      tileSize: MAP_LIMITS.hdTileSize,
      minzoom: MAP_LIMITS.hdMinZoom,
      maxzoom: MAP_LIMITS.hdMaxZoom,
    });
    map.addLayer(
      { id: 'af-hd', type: 'raster', source: 'af-hd', minzoom: MAP_LIMITS.hdMinZoom },
      slotId('hd'),
    );
  } else if (!on && map.getSource('af-hd')) {
    map.removeLayer('af-hd');
    map.removeSource('af-hd');
  }
}

function createMap(el: HTMLDivElement, center: [number, number]): void {
  const satellite = wantsSatellite();
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container: el,
      style:
        satellite && mapConfig.satelliteStyleUrl ? mapConfig.satelliteStyleUrl : basemapStyle(language()),
      center,
      zoom: MAP_LIMITS.zoom,
      minZoom: MAP_LIMITS.minZoom,
      maxZoom: MAP_LIMITS.maxZoom,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      attributionControl: { compact: true },
    });
  } catch (e) {
    setMapState({ error: e instanceof Error ? e.message : String(e) });
    return;
  }
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  installImageResolver(map);
  installGrid(map);
  let usingSatellite = satellite;
  // Between setStyle and the new style's load the store says not ready; that load applies language and HD.
  const ready = () => getMapState().ready;

  map.on('style.load', () => {
    ensureSlots(map);
    addGrid(map);
    if (map.getProjection()?.type !== 'globe') map.setProjection({ type: 'globe' });
    setLabelLanguage(map, language());
    applyHd(map);
    setMapState({ map, epoch: getMapState().epoch + 1, ready: true });
  });
  // An online style that cannot load (no internet) gives way to the offline basemap.
  map.on('error', (e) => {
    console.error(e.error);
    if (ready() || !usingSatellite) return;
    usingSatellite = false;
    map.setStyle(basemapStyle(language()), { diff: false });
    updateMapSettings({ satellite: false });
  });
  i18next.on('languageChanged', () => {
    if (ready()) setLabelLanguage(map, language());
  });
  subscribeMapSettings(() => {
    const next = wantsSatellite();
    if (next !== usingSatellite) {
      usingSatellite = next;
      setMapState({ ready: false });
      const url = mapConfig.satelliteStyleUrl;
      map.setStyle(next && url ? url : basemapStyle(language()), { diff: false });
    } else if (ready()) applyHd(map);
  });
  setMapState({ home: { center, zoom: MAP_LIMITS.zoom } });
}

/**
 * Puts the map into `host` (creating it the first time, once `host` has a size or the wait is over)
 * and returns the function that takes it out again.
 */
export function attachMap(host: HTMLElement, center: [number, number]): () => void {
  if (!container) {
    container = document.createElement('div');
    container.className = 'af-map';
    container.style.cssText = 'position:absolute;inset:0;';
  }
  const el = container;
  // First, so that the MapView's own children (controls) come after it and show above.
  host.prepend(el);
  const map = getMapState().map;
  if (map) map.resize();
  else if (!creating) {
    creating = true;
    void waitForSize(host, MAP_LIMITS.containerWaitMs).then(() => createMap(el, center));
  }
  return () => {
    if (el.parentElement === host) el.remove();
  };
}
