/** No-fly zones (civil aviation red, other orange) and land blocks: translucent fill and outline. */
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Zoom from which block names show (field zoom). */
export const BLOCK_LABEL_MINZOOM = 14;

/** The block names as label images (images.ts draws them with the system's fonts). */
const blockLabels = (language: string): OverlayLayer => ({
  // Above every area (a coverage drawn over the block leaves its name readable).
  slot: 'lines',
  layer: {
    id: 'label',
    type: 'symbol',
    minzoom: BLOCK_LABEL_MINZOOM,
    layout: {
      'icon-image': ['concat', `lbl|${language}|block|`, ['get', 'name']],
      'icon-padding': 2,
      'icon-rotation-alignment': 'viewport',
      'icon-pitch-alignment': 'viewport',
    },
  },
});

/** Blocks; with `labels` their names show from field zoom (BLOCK_LABEL_MINZOOM). */
export function BlocksLayer({ blocks, labels = false }: { blocks: readonly Block[]; labels?: boolean }) {
  const { i18n } = useTranslation();
  const data = useMemo(() => blockFeatures(blocks), [blocks]);
  const layers = useMemo(
    () => (labels ? [...BLOCKS, blockLabels(i18n.language)] : BLOCKS),
    [labels, i18n.language],
  );
  useOverlay(`af-blocks${labels ? `-${i18n.language}` : ''}${useId()}`, data, layers);
  return null;
}
