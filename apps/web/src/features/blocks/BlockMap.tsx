/**
 * A block on the shared map for its detail: the block (holes cut out), and the parts of it not
 * sprayed (red, hatched) from its coverage, framed on the block.
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { useEffect, useMemo } from 'react';
import { BlocksLayer, MapView, useMapInstance } from '../../map/index.ts';
import { type OverlayLayer, useOverlay } from '../../map/useOverlay.ts';
import { boundsOf } from './blockShape.ts';
import styles from './blocks.module.css';

export const UNSPRAYED_COLOR = '#e5383b';

const UNSPRAYED: OverlayLayer[] = [
  {
    slot: 'areas',
    layer: { id: 'fill', type: 'fill', paint: { 'fill-color': UNSPRAYED_COLOR, 'fill-opacity': 0.45 } },
  },
];

function Unsprayed({ geometry }: { geometry: MultiPolygon }) {
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: [{ type: 'Feature', geometry, properties: {} } as Feature<MultiPolygon>],
    }),
    [geometry],
  );
  useOverlay('af-block-unsprayed', data, UNSPRAYED);
  return null;
}

function Frame({ geometry }: { geometry: Polygon }) {
  const map = useMapInstance();
  useEffect(() => {
    const b = boundsOf([geometry]);
    if (map && b) map.fitBounds(b, { padding: 40, duration: 0, maxZoom: 17 });
  }, [map, geometry]);
  return null;
}

export function BlockMap({
  blockId,
  name,
  geometry,
  unsprayed,
  legend,
}: {
  blockId: number;
  name: string;
  geometry: Polygon;
  unsprayed: MultiPolygon | null;
  legend?: React.ReactNode;
}) {
  const blocks = useMemo(() => [{ id: blockId, name, geometry }], [blockId, name, geometry]);
  return (
    <div className={styles.detailMap} data-testid="block-map">
      <MapView>
        <BlocksLayer blocks={blocks} labels />
        {unsprayed?.coordinates.length ? <Unsprayed geometry={unsprayed} /> : null}
        <Frame geometry={geometry} />
        {legend}
      </MapView>
    </div>
  );
}
