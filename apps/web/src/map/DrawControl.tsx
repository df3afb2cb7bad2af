/**
 * Drawing one area on the shared map with terra-draw (its MapLibre adapter): a polygon (click the
 * vertices, click the first one or double-click to close), a circle (click the centre, move, click
 * again), or editing the shape drawn (drag vertices, add one from an edge's midpoint; a circle keeps
 * its centre while its edge is dragged). It holds ONE shape: a new drawing replaces the old.
 *
 * Controlled: `shape` is shown (an import, the record being edited); every drawing or edit calls
 * `onChange` with the new shape. Reusable for any area (no-fly zones, field blocks): it knows
 * nothing about what the shape is for. Like every overlay it adds its sources and layers on mount
 * (again after a style switch) and removes them on unmount (terra-draw's stop()).
 */
import type { Polygon, Position } from 'geojson';
import { useEffect, useRef } from 'react';
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMapEpoch, useMapInstance } from './store.ts';

export type DrawTool = 'polygon' | 'circle' | 'select';

/** A drawn area: its polygon, and for a circle its centre and radius (the polygon approximates it). */
export interface DrawnShape {
  geometry: Polygon;
  circle?: { center: [number, number]; radiusM: number };
}

export interface DrawControlProps {
  tool: DrawTool;
  shape: DrawnShape | null;
  onChange: (shape: DrawnShape | null) => void;
  /** Outline and fill colour (hex). */
  color?: `#${string}`;
  /**
   * Polygons with holes (field blocks): a polygon drawn inside the outer ring becomes a hole of it
   * instead of replacing it; each ring is its own editable feature (terra-draw keeps no holes).
   */
  holes?: boolean;
}

/** Whether a point lies inside a ring (ray casting). */
export function insideRing(p: readonly number[], ring: readonly (readonly number[])[]): boolean {
  const [x, y] = [p[0] as number, p[1] as number];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = [ring[i]?.[0] as number, ring[i]?.[1] as number];
    const [xj, yj] = [ring[j]?.[0] as number, ring[j]?.[1] as number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The polygon of an outer ring and holes, each a terra-draw feature (`hole` marks the holes). */
export function ringsOfFeatures(features: readonly GeoJSONStoreFeatures[]): DrawnShape | null {
  const polys = features.filter((f) => f.geometry.type === 'Polygon');
  const outer = polys.find((f) => !f.properties?.hole);
  if (!outer) return null;
  const rings = [outer, ...polys.filter((f) => f.properties?.hole)].map(
    (f) => shapeOfFeature(f)?.geometry.coordinates[0] ?? [],
  );
  return { geometry: { type: 'Polygon', coordinates: rings } };
}

const EARTH_R = 6_371_008.8;
const RAD = Math.PI / 180;

/** A geodesic circle as a closed ring of `sides` vertices (what terra-draw's globe circle draws). */
export function circlePolygon(center: [number, number], radiusM: number, sides = 64): Polygon {
  const [lng0, lat0] = center;
  const d = radiusM / EARTH_R;
  const ring: Position[] = [];
  for (let i = 0; i < sides; i++) {
    const b = (2 * Math.PI * i) / sides;
    const lat = Math.asin(
      Math.sin(lat0 * RAD) * Math.cos(d) + Math.cos(lat0 * RAD) * Math.sin(d) * Math.cos(b),
    );
    const lng =
      lng0 * RAD +
      Math.atan2(
        Math.sin(b) * Math.sin(d) * Math.cos(lat0 * RAD),
        Math.cos(d) - Math.sin(lat0 * RAD) * Math.sin(lat),
      );
    ring.push([Number((lng / RAD).toFixed(7)), Number((lat / RAD).toFixed(7))]);
  }
  ring.push(ring[0] as Position);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The shape of a terra-draw feature (a circle's centre is the mean of its ring's vertices). */
export function shapeOfFeature(f: GeoJSONStoreFeatures): DrawnShape | null {
  if (f.geometry.type !== 'Polygon') return null;
  const geometry = f.geometry as Polygon;
  const round = (ring: Position[]) =>
    ring.map((p) => [Number((p[0] as number).toFixed(7)), Number((p[1] as number).toFixed(7))]);
  const rings = geometry.coordinates.map(round);
  if (f.properties?.mode !== 'circle') return { geometry: { type: 'Polygon', coordinates: rings } };
  const ring = (rings[0] ?? []).slice(0, -1);
  const n = ring.length || 1;
  const center: [number, number] = [
    Number((ring.reduce((s, p) => s + (p[0] as number), 0) / n).toFixed(7)),
    Number((ring.reduce((s, p) => s + (p[1] as number), 0) / n).toFixed(7)),
  ];
  const km = Number(f.properties.radiusKilometers);
  return {
    geometry: { type: 'Polygon', coordinates: rings },
    circle: { center, radiusM: Math.round(km * 1000 * 10) / 10 },
  };
}

/**
 * Decimals of the coordinates handed to terra-draw (7: about 1 cm, what a drawing gives back).
 * terra-draw silently refuses a feature with more decimals than its adapter's precision (9):
 * `addFeatures` answers "excessive precision" and shows nothing. Fields stored by the API, an
 * import or the demo generator carry up to 15 decimals, so the outline of such a field was never
 * drawn in its edit dialog (issue 21).
 */
export const DRAW_DECIMALS = 7;

/** A polygon with every coordinate rounded to DRAW_DECIMALS (a closed ring stays closed). */
export function drawablePolygon(p: Polygon): Polygon {
  const round = (v: number) => Number(v.toFixed(DRAW_DECIMALS));
  return {
    type: 'Polygon',
    coordinates: p.coordinates.map((ring) => ring.map((pt) => pt.map(round))),
  };
}

const toFeature = (s: DrawnShape): GeoJSONStoreFeatures => ({
  id: crypto.randomUUID(),
  type: 'Feature',
  geometry: s.circle ? circlePolygon(s.circle.center, s.circle.radiusM) : drawablePolygon(s.geometry),
  properties: s.circle ? { mode: 'circle', radiusKilometers: s.circle.radiusM / 1000 } : { mode: 'polygon' },
});

const ringFeatures = (s: DrawnShape): GeoJSONStoreFeatures[] =>
  s.circle
    ? [toFeature(s)]
    : drawablePolygon(s.geometry).coordinates.map(
        (ring, i): GeoJSONStoreFeatures => ({
          id: crypto.randomUUID(),
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: i === 0 ? { mode: 'polygon' } : { mode: 'polygon', hole: true },
        }),
      );

/** Adds the features; one terra-draw refuses (it would silently not show) is logged as an error. */
function addShape(d: TerraDraw, features: GeoJSONStoreFeatures[]): void {
  for (const r of d.addFeatures(features))
    if (!r.valid) console.error(`DrawControl: terra-draw refused the shape (${r.reason ?? 'invalid'})`);
}

export function DrawControl({ tool, shape, onChange, color = '#e5484d', holes = false }: DrawControlProps) {
  const map = useMapInstance();
  const epoch = useMapEpoch();
  const draw = useRef<TerraDraw | null>(null);
  /** The shape last sent out or shown: a `shape` prop equal to it needs no redraw. */
  const current = useRef<DrawnShape | null>(null);
  const latest = useRef({ tool, shape, onChange });
  latest.current = { tool, shape, onChange };

  useEffect(() => {
    if (!map || !epoch) return;
    const isHole = (f: GeoJSONStoreFeatures) => Boolean(f.properties?.hole);
    const styles = {
      fillColor: (f: GeoJSONStoreFeatures) => (isHole(f) ? '#8c8c8c' : color),
      outlineColor: color,
      fillOpacity: (f: GeoJSONStoreFeatures) => (isHole(f) ? 0.55 : 0.25),
      outlineWidth: 2,
    } as const;
    const d = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'af-draw' }),
      modes: [
        new TerraDrawPolygonMode({ styles }),
        new TerraDrawCircleMode({ styles, projection: 'globe' }),
        new TerraDrawSelectMode({
          flags: {
            polygon: {
              feature: {
                draggable: true,
                coordinates: { midpoints: true, draggable: true, deletable: true },
              },
            },
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          },
          styles: {
            selectedPolygonColor: color,
            selectedPolygonOutlineColor: color,
            selectedPolygonFillOpacity: 0.3,
          },
        }),
      ],
    });
    const emit = (id: string | number) => {
      const f = d.getSnapshotFeature(id);
      const s = holes ? ringsOfFeatures(d.getSnapshot()) : f ? shapeOfFeature(f) : null;
      current.current = s;
      latest.current.onChange(s);
    };
    d.on('finish', (id, context) => {
      if (holes && context?.action !== 'draw') {
        // An edit in select mode: the rings stay as they are.
        emit(id);
        return;
      }
      const drawnNow = d.getSnapshotFeature(id);
      const outer = d.getSnapshot().find((f) => f.id !== id && !f.properties?.hole);
      const ring = (outer?.geometry.coordinates[0] ?? []) as number[][];
      const vertices = (
        drawnNow?.geometry.type === 'Polygon' ? drawnNow.geometry.coordinates[0] : []
      ) as number[][];
      if (
        holes &&
        outer &&
        drawnNow?.properties?.mode === 'polygon' &&
        vertices.length > 0 &&
        vertices.every((p) => insideRing(p, ring))
      ) {
        // Inside the field: a hole (obstacle).
        d.updateFeatureProperties(id, { hole: true });
        emit(id);
        return;
      }
      // One shape at a time: a new drawing replaces the previous one.
      const others = d
        .getSnapshot()
        .filter((f) => f.id !== id)
        .map((f) => f.id as string);
      if (others.length) d.removeFeatures(others);
      emit(id);
    });
    d.on('change', (ids, type) => {
      if (type === 'update' && d.getMode() === 'select')
        for (const id of ids) if (d.getSnapshotFeature(id)) emit(id);
    });
    const show = () => {
      const s = latest.current.shape;
      if (s) addShape(d, holes ? ringFeatures(s) : [toFeature(s)]);
      current.current = s;
      d.setMode(latest.current.tool);
    };
    // Registered before start(): the adapter may be ready at once.
    d.on('ready', show);
    d.start();
    draw.current = d;
    return () => {
      draw.current = null;
      d.stop();
    };
  }, [map, epoch, color, holes]);

  // The tool chosen outside.
  useEffect(() => {
    const d = draw.current;
    if (d?.enabled && d.getMode() !== tool) {
      d.setMode(tool);
      const first = d.getSnapshot()[0];
      if (tool === 'select' && first) d.selectFeature(first.id as string);
    }
  }, [tool]);

  // A shape given from outside (an import, a reset): shown instead of what is drawn.
  useEffect(() => {
    const d = draw.current;
    if (!d?.enabled || shape === current.current) return;
    current.current = shape;
    const mode = d.getMode();
    d.clear();
    if (shape) addShape(d, holes ? ringFeatures(shape) : [toFeature(shape)]);
    d.setMode(mode);
  }, [shape, holes]);

  return null;
}
