/**
 * The task's sorties on the shared map: a dot per sortie at its spraying centre, green where it
 * counted and grey-red where it was left out, over the task's drawn boundary (if any); the map
 * frames the boundary, else the dots.
 */
import type { FeatureCollection, Polygon } from 'geojson';
import { useEffect, useId, useMemo } from 'react';
import { MapView, useMapInstance } from '../../map/index.ts';
import { type OverlayLayer, useOverlay } from '../../map/useOverlay.ts';
import { boundsOf, SORTIE_COLORS, sortieFeatures } from './chartOptions.ts';
import styles from './unifiedTasks.module.css';

const POINTS: OverlayLayer[] = [
  {
    slot: 'points',
    layer: {
      id: 'dot',
      type: 'circle',
      paint: {
        'circle-radius': 5,
        'circle-color': ['get', 'c'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
        'circle-opacity': 0.9,
      },
    },
  },
];
const AREA: OverlayLayer[] = [
  {
    slot: 'areas',
    layer: { id: 'fill', type: 'fill', paint: { 'fill-color': SORTIE_COLORS.area, 'fill-opacity': 0.12 } },
  },
  {
    slot: 'areas',
    layer: { id: 'outline', type: 'line', paint: { 'line-color': SORTIE_COLORS.area, 'line-width': 2 } },
  },
];

/** Frames a polygon (or points) once the map is there and whenever it changes. */
export function FitPolygon({ polygon, points }: { polygon: Polygon | null; points?: number[][] }) {
  const map = useMapInstance();
  const bounds = useMemo(
    () => boundsOf([...(polygon?.coordinates[0] ?? []), ...(polygon ? [] : (points ?? []))]),
    [polygon, points],
  );
  useEffect(() => {
    if (!map || !bounds) return;
    map.fitBounds(bounds, { padding: 60, duration: 0, maxZoom: 15 });
  }, [map, bounds]);
  return null;
}

function PointsLayer({ data }: { data: FeatureCollection }) {
  useOverlay(`af-tftz-sorties${useId()}`, data, POINTS);
  return null;
}

function AreaLayer({ polygon }: { polygon: Polygon }) {
  const data = useMemo<FeatureCollection>(
    () => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] }),
    [polygon],
  );
  useOverlay(`af-tftz-area${useId()}`, data, AREA);
  return null;
}

export function SortieMap({
  sorties,
  polygon,
}: {
  sorties: ReadonlyArray<{ lng: number; lat: number; counted: boolean; sortieId: number }>;
  polygon: Polygon | null;
}) {
  const data = useMemo(() => sortieFeatures(sorties), [sorties]);
  const points = useMemo(() => sorties.map((s) => [s.lng, s.lat]), [sorties]);
  return (
    <div className={styles.sortieMap} data-testid="task-sortie-map">
      <MapView>
        {polygon ? <AreaLayer polygon={polygon} /> : null}
        <PointsLayer data={data} />
        <FitPolygon polygon={polygon} points={points} />
      </MapView>
    </div>
  );
}
