/**
 * Following the drones from their answers (README "Progress"): the command service calls this for
 * every answer it stores, on the server process whose MQTT transport received it, so the statuses
 * move whichever process the drone is connected to.
 *
 *   answer                         droneStatus in the plan
 *   start acknowledged             2 flying (started_at), from 1 or 2; its `progress` raises progress
 *   start done                     5 done (finished_at, progress 1)
 *   start failed                   6 failed (finished_at)
 *   pause done                     3 paused, from 2
 *   resume done                    2 flying, from 3
 *   returnHome done                4 returned home (finished_at)
 *   settings done                  the drone's flight settings (drone_flight_settings)
 */
import type { AnswerListener, DroneCommand } from '../../telemetry/commands/types.ts';
import type { ControlRepo } from './control.repo.ts';
import type { RoutesRepo } from './routes.repo.ts';

type Change = { status: number; from: readonly number[] } | null;

/** The status change an answer makes (null: none). */
export function changeOf(c: Pick<DroneCommand, 'type' | 'state'>): Change {
  switch (c.type) {
    case 'start':
      if (c.state === 'acknowledged') return { status: 2, from: [1, 2] };
      if (c.state === 'done') return { status: 5, from: [1, 2, 3, 4] };
      if (c.state === 'failed') return { status: 6, from: [1, 2, 3] };
      return null;
    case 'pause':
      return c.state === 'done' ? { status: 3, from: [2] } : null;
    case 'resume':
      return c.state === 'done' ? { status: 2, from: [3] } : null;
    case 'returnHome':
      return c.state === 'done' ? { status: 4, from: [1, 2, 3] } : null;
    default:
      return null;
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function followAnswers(d: { control: ControlRepo; routes: RoutesRepo }): AnswerListener {
  return async ({ command: c, progress }) => {
    if (c.type === 'settings') {
      if (c.state === 'done')
        await d.control.saveSettings(
          c.droneId,
          { width: num(c.payload.width), height: num(c.payload.height), speed: num(c.payload.speed) },
          c.id,
        );
      return;
    }
    const change = changeOf(c);
    const p = c.type === 'start' && c.state === 'acknowledged' ? progress : null;
    if (!change && p === null) return;
    // `start` names its route; pause, resume and return home act on the drone's current plan.
    const routeId = num(c.payload.routeId) ?? (await d.control.currentPlan(c.droneId))?.routeId;
    if (routeId === undefined) return;
    await d.routes.applyAnswer(routeId, c.droneId, change, p);
  };
}
