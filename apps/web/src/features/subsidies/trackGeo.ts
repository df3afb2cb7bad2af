/**
 * A subsidy's track call as GeoJSON for the map (pure; tested in trackGeo.test.ts): one line per
 * sortie coloured by verdict, the programme's polygon, and the bounds of both to frame the map.
 */
import type { SubsidyTrack } from '@agrifleet/domain';
import type { Feature, FeatureCollection } from 'geojson';
import { VERDICT_COLORS } from './kml.ts';

export function trackCollection(track: SubsidyTrack): FeatureCollection {
  const features: Feature[] = [];
  if (track.polygon?.coordinates.length)
    features.push({ type: 'Feature', geometry: track.polygon, properties: { kind: 'region' } });
  for (const s of track.sorties) {
    if (s.path.length < 2) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: s.path.map(([lng, lat]) => [lng, lat]) },
      properties: { kind: 'sortie', id: s.sortieId, v: s.verdict, c: VERDICT_COLORS[s.verdict] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] of every path and the polygon; null when there is nothing. */
export function trackBounds(track: SubsidyTrack): [[number, number], [number, number]] | null {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const add = (p: readonly number[]) => {
    const [lng, lat] = p as [number, number];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return;
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  };
  for (const sortie of track.sorties) for (const p of sortie.path) add(p);
  for (const ring of track.polygon?.coordinates ?? []) for (const p of ring) add(p);
  return w === Infinity
    ? null
    : [
        [w, s],
        [e, n],
      ];
}
