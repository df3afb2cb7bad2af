/**
 * Map settings kept in the browser (001 §2 "Live monitor map": HD map off, no-fly zones on, drones on,
 * offline drones off, blocks off, alerts on). `satellite` picks the satellite-streets style when one is
 * configured (see config.ts); off, the offline basemap shows.
 */
import { useSyncExternalStore } from 'react';

export interface MapSettings {
  hd: boolean;
  satellite: boolean;
  noFly: boolean;
  drones: boolean;
  offlineDrones: boolean;
  blocks: boolean;
  alerts: boolean;
}

export const MAP_SETTINGS_KEY = 'mapSettings';

export const DEFAULT_MAP_SETTINGS: Readonly<MapSettings> = Object.freeze({
  hd: false,
  satellite: false,
  noFly: true,
  drones: true,
  offlineDrones: false,
  blocks: false,
  alerts: true,
});

/** The defaults overlaid with every boolean of `stored` that names a setting; anything else is ignored. */
export function mergeMapSettings(stored: unknown): MapSettings {
  const out: MapSettings = { ...DEFAULT_MAP_SETTINGS };
  if (!stored || typeof stored !== 'object') return out;
  for (const key of Object.keys(out) as (keyof MapSettings)[]) {
    const v = (stored as Record<string, unknown>)[key];
    if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** Parses the stored JSON; a missing or broken value gives the defaults. */
export function parseMapSettings(raw: string | null): MapSettings {
  if (!raw) return mergeMapSettings(null);
  try {
    return mergeMapSettings(JSON.parse(raw));
  } catch {
    return mergeMapSettings(null);
  }
}

const listeners = new Set<() => void>();
let current: MapSettings | null = null;

export function getMapSettings(): MapSettings {
  current ??= parseMapSettings(localStorage.getItem(MAP_SETTINGS_KEY));
  return current;
}

export function updateMapSettings(patch: Partial<MapSettings>): void {
  current = mergeMapSettings({ ...getMapSettings(), ...patch });
  localStorage.setItem(MAP_SETTINGS_KEY, JSON.stringify(current));
  for (const l of listeners) l();
}

export function subscribeMapSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current settings and a setter taking a partial update; every user of the hook sees changes. */
export function useMapSettings(): [MapSettings, (patch: Partial<MapSettings>) => void] {
  const settings = useSyncExternalStore(subscribeMapSettings, getMapSettings);
  return [settings, updateMapSettings];
}
