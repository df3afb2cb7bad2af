/** No-fly zones (civil aviation red, other orange) and land blocks: translucent fill and outline. */
import { useId, useMemo } from 'react';
import { type Block, blockFeatures, type NoFlyZone, zoneFeatures } from './geojson.ts';
import { type OverlayLayer, useOverlay } from './useOverlay.ts';

const ZONES: OverlayLayer[] = [
  {
    slot: 'areas',
    layer: { id: 'fill', type: 'fill', paint: { 'fill-color': ['get', 'c'], 'fill-opacity': 0.22 } },
  },
  {
    slot: 'areas',
    layer: { id: 'outline', type: 'line', paint: { 'line-color': ['get', 'c'], 'line-width': 1.5 } },
  },
];

export const BLOCK_COLORS = { fill: '#f5c400', outline: '#c99700' } as const;

const BLOCKS: OverlayLayer[] = [
  {
    slot: 'areas',
    layer: { id: 'fill', type: 'fill', paint: { 'fill-color': BLOCK_COLORS.fill, 'fill-opacity': 0.25 } },
  },
  {
    slot: 'areas',
    layer: { id: 'outline', type: 'line', paint: { 'line-color': BLOCK_COLORS.outline, 'line-width': 1.2 } },
  },
];

export function NoFlyLayer({ zones }: { zones: readonly NoFlyZone[] }) {
  const data = useMemo(() => zoneFeatures(zones), [zones]);
  useOverlay(`af-nofly${useId()}`, data, ZONES);
  return null;
}

export function BlocksLayer({ blocks }: { blocks: readonly Block[] }) {
  const data = useMemo(() => blockFeatures(blocks), [blocks]);
  useOverlay(`af-blocks${useId()}`, data, BLOCKS);
  return null;
}
