import type { ControlDrone, PolygonGeometry, RoutePlan } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { routeFeatures } from '../../map/RouteLayer.tsx';
import {
  blockEdges,
  defaultHome,
  distanceM,
  droneColor,
  longestEdge,
  planFigures,
  routeStart,
} from './planGeo.ts';
import { commandOpen, needsPolling, unavailableReason } from './useControlDrones.ts';

// About 200 m (east-west) by 100 m at 31.5° N, closed ring, with a hole.
const block: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [120, 31.5],
      [120.0021, 31.5],
      [120.0021, 31.5009],
      [120, 31.5009],
      [120, 31.5],
    ],
    [
      [120.001, 31.5004],
      [120.0011, 31.5004],
      [120.0011, 31.5005],
      [120.001, 31.5004],
    ],
  ],
};

describe('route planning geometry', () => {
  it('numbers the outer edges without the closing vertex and finds the longest', () => {
    const edges = blockEdges(block);
    expect(edges).toHaveLength(4);
    expect(edges[0]?.lengthM).toBeGreaterThan(190);
    expect(edges[0]?.lengthM).toBeLessThan(210);
    expect(edges[1]?.lengthM).toBeGreaterThan(95);
    expect(edges[1]?.lengthM).toBeLessThan(105);
    expect(edges[3]?.to).toEqual([120, 31.5]);
    expect([0, 2]).toContain(longestEdge(block));
  });

  it('puts the default home just outside the corner nearest the drones', () => {
    const home = defaultHome(block, [120.01, 31.51]);
    expect(home).not.toBeNull();
    const [lng, lat] = home as [number, number];
    // The north-east corner, pushed outward.
    expect(lng).toBeGreaterThan(120.0021);
    expect(lat).toBeGreaterThan(31.5009);
    expect(distanceM([120.0021, 31.5009], [lng, lat])).toBeCloseTo(15, 0);
    // Without drones: by the first vertex (south-west), outward.
    const first = defaultHome(block) as [number, number];
    expect(first[0]).toBeLessThan(120);
    expect(first[1]).toBeLessThan(31.5);
  });

  it('gives distinct colours and the plan figures', () => {
    expect(droneColor(0)).not.toBe(droneColor(1));
    const route = (index: number, t: number) => ({
      index,
      legs: [
        {
          kind: 'transit' as const,
          path: [
            [120, 31.49],
            [120, 31.5],
          ] as [number, number][],
        },
        {
          kind: 'spray' as const,
          path: [
            [120, 31.5001],
            [120.002, 31.5001],
          ] as [number, number][],
        },
      ],
      sprayDistanceM: 190,
      distanceM: 400,
      sprayAreaM2: 950,
      sprayVolumeL: 1.4,
      flightTimeS: t,
      sorties: 1,
    });
    const plan = {
      blockAreaM2: 20_000,
      coverageAreaM2: 19_900,
      overlapAreaM2: 200,
      sprayedOutsideM2: 0.4,
      passes: 20,
      routes: [route(0, 90), route(1, 110)],
    } as unknown as RoutePlan;
    const f = planFigures(plan);
    expect(f.coverage).toBeCloseTo(0.995);
    expect(f.overlap).toBeCloseTo(0.01);
    expect(f.outsideM2).toBe(0.4);
    expect(
      planFigures({ ...plan, sprayedOutsideM2: undefined } as unknown as RoutePlan).outsideM2,
    ).toBeNull();
    expect(f.flightTimeS).toBe(110);
    expect(f.imbalance).toBeCloseTo(0.1);
    expect(routeStart(plan.routes[0] as RoutePlan['routes'][number])).toEqual([120, 31.5001]);

    const fc = routeFeatures({
      routes: plan.routes.map((r) => ({
        color: droneColor(r.index),
        legs: r.legs,
        start: routeStart(r),
        label: String(r.index + 1),
      })),
      home: [120, 31.49],
      edges: blockEdges(block),
      selectedEdge: 2,
    });
    const kinds = fc.features.map((x) => x.properties?.kind);
    expect(kinds.filter((k) => k === 'edge')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'spray')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'transit')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'start')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'home')).toHaveLength(1);
    expect(
      fc.features.find((x) => x.properties?.kind === 'edge' && x.properties.sel === 1)?.properties?.i,
    ).toBe(2);
    expect(fc.features.find((x) => x.properties?.kind === 'start')?.properties?.img).toBe('lbl|en|country|1');
  });
});

describe('control drones', () => {
  const drone = (patch: Partial<ControlDrone>): ControlDrone => ({
    droneId: 'D1',
    droneName: null,
    modelName: null,
    ownerName: null,
    online: true,
    locked: false,
    flying: false,
    lng: null,
    lat: null,
    routeId: null,
    droneStatus: null,
    progress: null,
    lastCommand: null,
    settings: { width: null, height: null, speed: null },
    ...patch,
  });
  const cmd = (type: 'settings' | 'start', state: 'sent' | 'acknowledged' | 'done' | 'timedOut') => ({
    id: 1,
    type,
    state,
    reason: null,
    createdAt: Date.now(),
  });

  it('says why a drone cannot be chosen', () => {
    expect(unavailableReason(drone({}))).toBeNull();
    expect(unavailableReason(drone({ online: false }))).toBe('offline');
    expect(unavailableReason(drone({ locked: true }))).toBe('locked');
  });

  it('polls while a command is open or a plan is flown', () => {
    expect(commandOpen(cmd('settings', 'sent'))).toBe(true);
    expect(commandOpen(cmd('settings', 'acknowledged'))).toBe(false);
    expect(commandOpen(cmd('start', 'acknowledged'))).toBe(true);
    expect(commandOpen(cmd('start', 'done'))).toBe(false);
    expect(commandOpen(cmd('settings', 'timedOut'))).toBe(false);
    expect(commandOpen(cmd('settings', 'sent'), Date.now() + 11 * 60_000)).toBe(false);
    expect(needsPolling([drone({})])).toBe(false);
    expect(needsPolling([drone({}), drone({ lastCommand: cmd('settings', 'sent') })])).toBe(true);
    expect(needsPolling([drone({ droneStatus: 2 })])).toBe(true);
    expect(needsPolling([drone({ droneStatus: 2, online: false })])).toBe(false);
    expect(needsPolling([drone({ droneStatus: 1 })])).toBe(false);
    expect(needsPolling([drone({ droneStatus: 5 })])).toBe(false);
  });
});
