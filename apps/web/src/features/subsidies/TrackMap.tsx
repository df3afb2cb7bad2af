/** A subsidy's sorties on the app's map, coloured by verdict, with the programme's polygon (track call). */
import type { SubsidyTrack } from '@agrifleet/domain';
import { useEffect, useMemo } from 'react';
import { MapView, useMapInstance } from '../../map/index.ts';
import { type OverlayLayer, useOverlay } from '../../map/useOverlay.ts';
import { VERDICT_COLORS } from './kml.ts';
import type { Look } from './model.ts';
import styles from './subsidies.module.css';
import { trackBounds, trackCollection } from './trackGeo.ts';

const LAYERS: OverlayLayer[] = [
  {
    slot: 'areas',
    layer: {
      id: 'fill',
      type: 'fill',
      filter: ['==', ['get', 'kind'], 'region'],
      paint: { 'fill-color': '#1677ff', 'fill-opacity': 0.08 },
    },
  },
  {
    slot: 'areas',
    layer: {
      id: 'edge',
      type: 'line',
      filter: ['==', ['get', 'kind'], 'region'],
      paint: { 'line-color': '#1677ff', 'line-width': 2, 'line-dasharray': [2, 1] },
    },
  },
  {
    slot: 'lines',
    layer: {
      id: 'path',
      type: 'line',
      filter: ['==', ['get', 'kind'], 'sortie'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ['get', 'c'], 'line-width': 3, 'line-opacity': 0.9 },
    },
  },
];

function Overlay({ track }: { track: SubsidyTrack }) {
  const data = useMemo(() => trackCollection(track), [track]);
  useOverlay('af-subsidy-track', data, LAYERS, { tolerance: 0.2 });
  const map = useMapInstance();
  useEffect(() => {
    const b = trackBounds(track);
    if (map && b) map.fitBounds(b, { padding: 30, duration: 0, maxZoom: 17 });
  }, [map, track]);
  return null;
}

export function TrackMap({ track, look }: { track: SubsidyTrack | undefined; look: Look }) {
  return (
    <div>
      <div className={styles.map} data-testid="subsidy-map">
        <MapView>{track ? <Overlay track={track} /> : null}</MapView>
      </div>
      <div className={styles.legend}>
        {(Object.keys(VERDICT_COLORS) as Array<keyof typeof VERDICT_COLORS>).map((v) => (
          <span key={v}>
            <span className={styles.swatch} style={{ background: VERDICT_COLORS[v] }} />
            {look.t(`subsidies:verdict.${v}`)}
          </span>
        ))}
      </div>
    </div>
  );
}
