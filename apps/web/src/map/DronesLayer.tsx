/**
 * Drones: spraying green, flying blue, offline grey. One GeoJSON source replaced with setData on each
 * update (the tiling runs in MapLibre's worker). Below ICON_ZOOM, where a heading cannot be seen,
 * drones are dots (a circle layer: no symbol placement, so 20,000 drones cost little main-thread time
 * per update); from ICON_ZOOM on they are icons turned to their heading. The selected drone gets a ring.
 */
import type { ExpressionSpecification, MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef } from 'react';
import { DRONE_STATE, type DronePosition, droneFeatures } from './geojson.ts';
import { DRONE_ICON } from './images.ts';
import { useMapInstance } from './store.ts';
import { type OverlayLayer, overlayLayerId, useOverlay } from './useOverlay.ts';

export interface DronesLayerProps {
  drones: readonly DronePosition[];
  selectedId?: string | null;
  onSelect?: (droneId: string) => void;
}

export const DRONE_COLORS = { spraying: '#2fb344', flying: '#1677ff', offline: '#8c8c8c' } as const;

export const ICON_ZOOM = 8;

const color: ExpressionSpecification = [
  'match',
  ['get', 's'],
  DRONE_STATE.spraying,
  DRONE_COLORS.spraying,
  DRONE_STATE.flying,
  DRONE_COLORS.flying,
  DRONE_COLORS.offline,
];

const ICONS: OverlayLayer[] = [
  {
    slot: 'points',
    layer: {
      id: 'dot',
      type: 'circle',
      maxzoom: ICON_ZOOM,
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 2.5, ICON_ZOOM, 4.5],
        'circle-color': color,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 0.6,
      },
    },
  },
  {
    slot: 'points',
    layer: {
      id: 'icon',
      type: 'symbol',
      minzoom: ICON_ZOOM,
      layout: {
        'icon-image': DRONE_ICON,
        'icon-size': ['interpolate', ['linear'], ['zoom'], ICON_ZOOM, 0.8, 14, 1.1],
        'icon-rotate': ['get', 'h'],
        'icon-rotation-alignment': 'map',
        'icon-pitch-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
      paint: {
        'icon-color': color,
        'icon-halo-color': '#ffffff',
        'icon-halo-width': 1.2,
      },
    },
  },
];

const RING: OverlayLayer[] = [
  {
    slot: 'points',
    layer: {
      id: 'ring',
      type: 'circle',
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 3, 10, 14, 18],
        'circle-color': 'rgba(22,119,255,0.18)',
        'circle-stroke-color': '#1677ff',
        'circle-stroke-width': 2,
      },
    },
  },
];

export function DronesLayer({ drones, selectedId, onSelect }: DronesLayerProps) {
  const map = useMapInstance();
  const sourceId = `af-drones${useId()}`;
  const data = useMemo(() => droneFeatures(drones), [drones]);
  // The ring's data changes only when the selected drone moves: an unchanged source is not re-tiled
  // and costs no repaint.
  const selectedDrone = selectedId ? drones.find((d) => d.droneId === selectedId) : undefined;
  const ringKey = selectedDrone ? `${selectedDrone.droneId}|${selectedDrone.lng}|${selectedDrone.lat}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: ringKey stands for the selected drone's place.
  const selected = useMemo(() => droneFeatures(selectedDrone ? [selectedDrone] : []), [ringKey]);
  // The ring first, so that it lies under the icons.
  useOverlay(`${sourceId}-selected`, selected, RING);
  useOverlay(sourceId, data, ICONS, { maxzoom: 14 });

  const select = useRef(onSelect);
  select.current = onSelect;
  useEffect(() => {
    if (!map) return;
    const layerIds = [overlayLayerId(sourceId, 'dot'), overlayLayerId(sourceId, 'icon')];
    const click = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.id;
      if (typeof id === 'string') select.current?.(id);
    };
    const enter = () => {
      if (select.current) map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', layerIds, click);
    map.on('mouseenter', layerIds, enter);
    map.on('mouseleave', layerIds, leave);
    return () => {
      map.off('click', layerIds, click);
      map.off('mouseenter', layerIds, enter);
      map.off('mouseleave', layerIds, leave);
    };
  }, [map, sourceId]);

  return null;
}
