/**
 * A flight track: spraying runs green, the rest in `color`; with `progress` (the playhead's point
 * index) the played part is drawn bright and wide, the rest faint, and a dot marks the playhead.
 */
import type { ExpressionSpecification } from 'maplibre-gl';
import { useId, useMemo } from 'react';
import { type TrackPoint, trackFeatures } from './geojson.ts';
import { type OverlayLayer, useOverlay } from './useOverlay.ts';

export interface TrackLayerProps {
  points: readonly TrackPoint[];
  color?: string;
  progress?: number;
}

const played: ExpressionSpecification = ['==', ['get', 'played'], 1];

const LAYERS: OverlayLayer[] = [
  {
    slot: 'lines',
    layer: {
      id: 'line',
      type: 'line',
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: {
        'line-color': ['get', 'c'],
        'line-width': ['case', played, 4, 3],
        'line-opacity': ['case', played, 1, 0.35],
      },
    },
  },
  {
    slot: 'lines',
    layer: {
      id: 'head',
      type: 'circle',
      filter: ['==', ['get', 'kind'], 'head'],
      paint: {
        'circle-radius': 6,
        'circle-color': '#ffffff',
        'circle-stroke-color': ['get', 'c'],
        'circle-stroke-width': 3,
      },
    },
  },
];

export function TrackLayer({ points, color, progress }: TrackLayerProps) {
  const data = useMemo(() => trackFeatures(points, color, progress), [points, color, progress]);
  useOverlay(`af-track${useId()}`, data, LAYERS, { tolerance: 0.2 });
  return null;
}
