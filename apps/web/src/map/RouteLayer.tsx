/**
 * A group route on the map: each drone's legs in its colour (spray legs solid and wide, turns thin,
 * transits dashed) with chevrons in the flying direction, a numbered dot where each drone starts working
 * (its turn order), the home point,
 * and optionally the block's outer edges, numbered, the chosen one highlighted and clickable
 * (`onEdgeClick`); a click elsewhere on the map calls `onMapClick` (choosing the home point).
 * Numbers are label images the map draws itself ('lbl|...' in images.ts): no glyphs are fetched.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useMapEpoch, useMapInstance } from './store.ts';
import { type OverlayLayer, overlayLayerId, useOverlay } from './useOverlay.ts';

type LngLat = [number, number];

export interface RouteLayerRoute {
  color: string;
  legs: readonly { kind: 'spray' | 'turn' | 'transit'; path: readonly (readonly number[])[] }[];
  /** Where the drone starts working; `label` (its number) is drawn there. */
  start?: LngLat | null;
  label?: string;
}

export interface RouteLayerEdge {
  index: number;
  from: LngLat;
  to: LngLat;
}

export interface RouteLayerProps {
  routes: readonly RouteLayerRoute[];
  home?: LngLat | null;
  edges?: readonly RouteLayerEdge[];
  selectedEdge?: number | null;
  onEdgeClick?: (index: number) => void;
  onMapClick?: (lngLat: LngLat) => void;
}

export const ROUTE_COLORS = { edge: '#8c6d00', selectedEdge: '#d4380d', home: '#111827' } as const;

const label = (text: string, kind = 'country') => `lbl|en|${kind}|${text}`;

/** The layer's GeoJSON: legs (kind, c), starts (kind 'start', img), home, edges (kind 'edge', i, sel). */
export function routeFeatures(p: Omit<RouteLayerProps, 'onEdgeClick' | 'onMapClick'>): FeatureCollection {
  const features: Feature<Geometry>[] = [];
  for (const e of p.edges ?? []) {
    const sel = e.index === p.selectedEdge ? 1 : 0;
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [e.from, e.to] },
      properties: { kind: 'edge', i: e.index, sel },
    });
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [(e.from[0] + e.to[0]) / 2, (e.from[1] + e.to[1]) / 2] },
      properties: { kind: 'edgeLabel', i: e.index, sel, img: label(String(e.index + 1), 'province') },
    });
  }
  for (const r of p.routes) {
    for (const leg of r.legs) {
      if (leg.path.length < 2) continue;
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: leg.path.map((q) => [q[0] ?? 0, q[1] ?? 0]) },
        properties: { kind: leg.kind, c: r.color },
      });
    }
    if (r.start && r.label)
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: r.start },
        properties: { kind: 'start', c: r.color, img: label(r.label) },
      });
  }
  if (p.home)
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: p.home },
      properties: { kind: 'home', c: ROUTE_COLORS.home, img: label('H') },
    });
  return { type: 'FeatureCollection', features };
}

const kind = (k: string) => ['==', ['get', 'kind'], k] as ['==', ['get', string], string];

const LAYERS: OverlayLayer[] = [
  {
    slot: 'lines',
    layer: {
      id: 'edge',
      type: 'line',
      filter: kind('edge'),
      layout: { 'line-cap': 'round' },
      paint: {
        'line-color': ['case', ['==', ['get', 'sel'], 1], ROUTE_COLORS.selectedEdge, ROUTE_COLORS.edge],
        'line-width': ['case', ['==', ['get', 'sel'], 1], 6, 2],
        'line-opacity': ['case', ['==', ['get', 'sel'], 1], 0.9, 0.5],
      },
    },
  },
  {
    // Wide and nearly invisible: what a click on an edge hits.
    slot: 'lines',
    layer: {
      id: 'edge-hit',
      type: 'line',
      filter: kind('edge'),
      paint: { 'line-color': '#000000', 'line-width': 16, 'line-opacity': 0.01 },
    },
  },
  {
    slot: 'lines',
    layer: {
      id: 'transit',
      type: 'line',
      filter: kind('transit'),
      paint: { 'line-color': ['get', 'c'], 'line-width': 1.5, 'line-dasharray': [3, 2] },
    },
  },
  {
    slot: 'lines',
    layer: {
      id: 'turn',
      type: 'line',
      filter: kind('turn'),
      layout: { 'line-join': 'round' },
      paint: { 'line-color': ['get', 'c'], 'line-width': 1, 'line-opacity': 0.8 },
    },
  },
  {
    slot: 'lines',
    layer: {
      id: 'spray',
      type: 'line',
      filter: kind('spray'),
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ['get', 'c'], 'line-width': 2.5 },
    },
  },
  {
    // The flying direction along the spray legs: chevrons turned with the line (turn order).
    slot: 'points',
    layer: {
      id: 'arrow',
      type: 'symbol',
      filter: kind('spray'),
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 90,
        'icon-image': label('›', 'province'),
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': false,
      },
    },
  },
  {
    slot: 'points',
    layer: {
      id: 'dot',
      type: 'circle',
      filter: ['any', kind('start'), kind('home')],
      paint: {
        'circle-radius': 11,
        'circle-color': '#ffffff',
        'circle-stroke-color': ['get', 'c'],
        'circle-stroke-width': 3,
      },
    },
  },
  {
    slot: 'points',
    layer: {
      id: 'label',
      type: 'symbol',
      filter: ['any', kind('start'), kind('home'), kind('edgeLabel')],
      layout: {
        'icon-image': ['get', 'img'],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
  },
];

export function RouteLayer({ onEdgeClick, onMapClick, ...props }: RouteLayerProps) {
  const { routes, home, edges, selectedEdge } = props;
  const data = useMemo(
    () => routeFeatures({ routes, home, edges, selectedEdge }),
    [routes, home, edges, selectedEdge],
  );
  const sourceId = `af-route${useId()}`;
  useOverlay(sourceId, data, LAYERS);
  const map = useMapInstance();
  const epoch = useMapEpoch();
  const handlers = useRef({ onEdgeClick, onMapClick });
  handlers.current = { onEdgeClick, onMapClick };
  useEffect(() => {
    if (!map || !epoch) return;
    const hit = overlayLayerId(sourceId, 'edge-hit');
    const onClick = (e: MapMouseEvent) => {
      const { onEdgeClick: edge, onMapClick: click } = handlers.current;
      const found = map.getLayer(hit) ? map.queryRenderedFeatures(e.point, { layers: [hit] }) : [];
      const i = found[0]?.properties?.i;
      if (edge && typeof i === 'number') edge(i);
      else if (click) click([Number(e.lngLat.lng.toFixed(7)), Number(e.lngLat.lat.toFixed(7))]);
    };
    const enter = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const leave = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    map.on('mouseenter', hit, enter);
    map.on('mouseleave', hit, leave);
    return () => {
      map.off('click', onClick);
      map.off('mouseenter', hit, enter);
      map.off('mouseleave', hit, leave);
    };
  }, [map, epoch, sourceId]);
  return null;
}
