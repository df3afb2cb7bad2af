/**
 * The small map of the control screens: the chosen drones where they are, and the chosen route (its
 * block and each drone's part in its colour). The view fits them when they change.
 */
import type { ControlDrone, LngLat, RouteRecord } from '@agrifleet/domain';
import { useEffect, useMemo } from 'react';
import { BlocksLayer, DronesLayer, MapView, useMapInstance } from '../../map/index.ts';
import { RouteLayer } from '../../map/RouteLayer.tsx';
import { droneColor, routeStart } from './planGeo.ts';

/** Fits the map to the points (once per distinct set). */
/** Room left at the bottom for the map's imagery note. */
const PADDING = { top: 40, left: 40, right: 40, bottom: 130 };

export function FitTo({ points, maxZoom = 17 }: { points: readonly LngLat[]; maxZoom?: number }) {
  const map = useMapInstance();
  const key = points.map((p) => p.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the points
  useEffect(() => {
    if (!map || points.length === 0) return;
    let [w, s, e, n] = [180, 90, -180, -90];
    for (const [x, y] of points)
      [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
    if (w === e && s === n) map.jumpTo({ center: [w, s], zoom: Math.min(maxZoom, 15) });
    else map.fitBounds([w, s, e, n], { padding: PADDING, maxZoom, duration: 0 });
  }, [map, key, maxZoom]);
  return null;
}

export function routeLayerRoutes(plan: RouteRecord['plan']) {
  return plan.routes.map((r) => ({
    color: droneColor(r.index),
    legs: r.legs,
    start: routeStart(r),
    label: String(r.index + 1),
  }));
}

export function ControlMap({
  drones,
  route,
  height = 400,
}: {
  drones: readonly ControlDrone[];
  route?: RouteRecord | null;
  height?: number;
}) {
  const positions = useMemo(
    () =>
      drones
        .filter((d) => d.lng !== null && d.lat !== null)
        .map((d) => ({
          droneId: d.droneId,
          lng: d.lng as number,
          lat: d.lat as number,
          heading: 0,
          online: d.online,
          spraying: d.flying && d.droneStatus === 2,
        })),
    [drones],
  );
  const blocks = useMemo(
    () =>
      route
        ? [{ id: route.routeId, name: route.blockName ?? '', geometry: route.blockGeometry as never }]
        : [],
    [route],
  );
  const routes = useMemo(() => (route ? routeLayerRoutes(route.plan) : []), [route]);
  const points = useMemo<LngLat[]>(() => {
    if (route) return (route.blockGeometry.coordinates[0] ?? []).map((p) => [p[0] ?? 0, p[1] ?? 0]);
    return positions.map((p) => [p.lng, p.lat]);
  }, [route, positions]);
  return (
    <MapView style={{ height }}>
      <FitTo points={points} />
      <BlocksLayer blocks={blocks} />
      <RouteLayer routes={routes} home={route ? route.plan.home : null} />
      <DronesLayer drones={positions} />
    </MapView>
  );
}
