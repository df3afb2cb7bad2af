/** User settings kept in the browser: the area unit (000 §2 settings dialog). */
import { AREA_UNITS, type AreaUnit, defaultAreaUnit, STORAGE_KEYS } from '@agrifleet/domain';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

export function getAreaUnit(): AreaUnit {
  const v = localStorage.getItem(STORAGE_KEYS.areaUnit);
  if ((AREA_UNITS as readonly string[]).includes(v ?? '')) return v as AreaUnit;
  return defaultAreaUnit(localStorage.getItem(STORAGE_KEYS.language) ?? 'zh');
}

export function setAreaUnit(unit: AreaUnit) {
  localStorage.setItem(STORAGE_KEYS.areaUnit, unit);
  for (const l of listeners) l();
}

export function useAreaUnit(): AreaUnit {
  return useSyncExternalStore((fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, getAreaUnit);
}
