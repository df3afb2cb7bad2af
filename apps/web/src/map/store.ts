/**
 * The one map of the app, as state React can subscribe to. This module loads no MapLibre code (type
 * imports only), so code outside the map (sign-out) may import it cheaply.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useSyncExternalStore } from 'react';

interface MapState {
  /** Set once the first style has loaded; the same instance for the life of the page. */
  readonly map: MapLibreMap | null;
  /** Counts loaded styles: overlays add their sources and layers again when it changes. */
  readonly epoch: number;
  /** False from a style switch until the new style has loaded (nothing may be added meanwhile). */
  readonly ready: boolean;
  /** Why the map could not be created (no WebGL), or null. */
  readonly error: string | null;
  /** Where the map starts, to restore it. */
  readonly home: { center: [number, number]; zoom: number } | null;
}

let state: MapState = { map: null, epoch: 0, ready: false, error: null, home: null };
const listeners = new Set<() => void>();

export function setMapState(patch: Partial<MapState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function getMapState(): MapState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shared map once its style has loaded (for fitBounds, flyTo, following a drone), else null. */
export function useMapInstance(): MapLibreMap | null {
  return useSyncExternalStore(subscribe, () => state.map);
}

/** The number of styles loaded so far (changes when the style is switched); 0 while none is ready. */
export function useMapEpoch(): number {
  return useSyncExternalStore(subscribe, () => (state.ready ? state.epoch : 0));
}

export function useMapError(): string | null {
  return useSyncExternalStore(subscribe, () => state.error);
}

/** Puts the map back where it started (sign-out: 000 §4 "the map is restored"). */
export function restoreMapView(): void {
  if (state.map && state.home) state.map.jumpTo({ ...state.home, bearing: 0, pitch: 0 });
}
