/**
 * Flight and group control (001 §2 GroupControl, FlightControl; README.md): the drones a caller
 * controls, and the calls that send them flight settings, a plan's parts and commands. Each call is
 * one transaction, all or nothing: the drones are locked, every refusal is checked for every drone
 * before anything is sent, and each command goes through the command service in that transaction
 * (published only once it commits).
 */
import {
  type ActingAccount,
  canControlDrone,
  ErrorCode,
  PLAN_DEFAULTS,
  type PlanCommandPayload,
  type RoutePlan,
  type WatchOnlyReason,
} from '@agrifleet/domain';
import type { Kysely } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { MessageKey } from '../../platform/messages.ts';
import type { Database } from '../../platform/schema.ts';
import type { Commands, CommandType, DroneCommand } from '../../telemetry/commands/types.ts';
import type { LiveState } from '../../telemetry/ingest/liveState.ts';
import type { ControlRepo, ControlTarget } from './control.repo.ts';
import type { RouteActor, RoutesRepo } from './routes.repo.ts';
import { routeErrors } from './routes.service.ts';

type Trx = Kysely<Database>;

export interface ControlActing {
  scope: DataScope;
  account: ActingAccount;
  actor: RouteActor;
  userId: number;
  canManage: boolean;
  /** Why the caller only watches the control screens (SCREEN_COMMANDS), or null: it may command. */
  watchOnly: WatchOnlyReason | null;
}

const refuse = (status: number, key: MessageKey, drones: readonly string[]) =>
  new AppError(status, status === 409 ? ErrorCode.conflict : ErrorCode.forbidden, key, {
    drones: drones.join(', '),
  });

export function createControlService(d: {
  db: Db;
  control: ControlRepo;
  routes: RoutesRepo;
  commands: Commands;
  live: LiveState;
  now?: () => number;
}) {
  const now = d.now ?? Date.now;

  /** The scope of a command: a watcher (a government, a user without the ability) is refused, 403. */
  function controlScope(who: ControlActing): DataScope {
    if (who.watchOnly)
      throw new AppError(
        403,
        ErrorCode.forbidden,
        who.watchOnly === 'accountType' ? 'controlWatchOnlyAccount' : 'controlWatchOnlyAbility',
      );
    return who.scope;
  }

  const online = (droneId: string) => {
    const l = d.live.get(droneId);
    return l !== undefined && d.live.online(l, now());
  };

  /**
   * The drones of a control call, locked in `trx`, in the order given. Refused, for all of them:
   * a drone named twice (400), one outside the caller's scope (404), one it may not control (403),
   * offline ones (409, named), locked ones (409, named).
   */
  async function targets(trx: Trx, who: ControlActing, ids: readonly string[]): Promise<ControlTarget[]> {
    const scope = controlScope(who);
    const twice = ids.filter((x, i) => ids.indexOf(x) !== i);
    if (twice.length > 0)
      throw new AppError(400, ErrorCode.badRequest, 'controlDronesRepeated', {
        drones: [...new Set(twice)].join(', '),
      });
    const found = new Map((await d.control.lockDrones(trx, scope, ids)).map((t) => [t.droneId, t]));
    // An unknown drone is refused here, before a plan's assign, not by block_route_drones_drone_id_fkey:
    // Citus drops that key (distribution.ts `pending`; test/citus.pendingKeys.test.ts).
    if (found.size !== ids.length) throw errors.notFound();
    const list = ids.map((id) => found.get(id) as ControlTarget);
    const denied = list.filter((t) => !canControlDrone(who.account, t, who.canManage)).map((t) => t.droneId);
    if (denied.length > 0) throw refuse(403, 'controlNotAllowed', denied);
    const offline = list.filter((t) => !online(t.droneId)).map((t) => t.droneId);
    if (offline.length > 0) throw refuse(409, 'controlDronesOffline', offline);
    const locked = list.filter((t) => t.locked).map((t) => t.droneId);
    if (locked.length > 0) throw refuse(409, 'controlDronesLocked', locked);
    return list;
  }

  const result = (cmds: DroneCommand[]) => ({
    commands: cmds.map((c) => ({ droneId: c.droneId, commandId: c.id, type: c.type })),
  });

  async function sendAll(
    trx: Trx,
    who: ControlActing,
    items: { droneId: string; type: CommandType; payload: Record<string, unknown> }[],
  ) {
    const out: DroneCommand[] = [];
    for (const it of items) out.push(await d.commands.send({ ...it, byUserId: who.userId }, trx));
    return out;
  }

  return {
    /** GET drones: a page of the drones the caller controls or watches, with their live and plan state. */
    async drones(
      who: ControlActing,
      q: { currentPage: number; pageSize: number; search?: string; online?: number },
    ) {
      // Watchers read too: a government the drones of its region.
      const scope = who.scope;
      let only: string[] | null = null;
      if (q.online === 1) {
        only = [];
        for (const l of d.live.values()) if (d.live.online(l, now())) only.push(l.meta.droneId);
      }
      const { rows, total } = await d.control.page(scope, q, only);
      const ids = rows.map((r) => r.droneId);
      const [plans, last, settings] = await Promise.all([
        d.control.latestPlans(ids),
        // An operator sees the commands of its own ownership periods only (a previous owner's are not its own).
        d.commands.latest(ids, undefined, scope.kind === 'yy' ? scope.accountId : undefined),
        d.control.settings(ids),
      ]);
      const t = now();
      const records = rows.map((r) => {
        const l = d.live.get(r.droneId);
        const on = l !== undefined && d.live.online(l, t);
        const plan = plans.get(r.droneId);
        const c = last.get(r.droneId);
        return {
          droneId: r.droneId,
          droneName: r.droneName,
          modelName: r.modelName,
          ownerName: r.ownerName,
          online: on,
          locked: r.locked,
          flying: on && (l?.airborne ?? false),
          lng: l ? l.point.lng : r.lastLng,
          lat: l ? l.point.lat : r.lastLat,
          routeId: plan?.routeId ?? null,
          droneStatus: plan?.droneStatus ?? null,
          progress: plan?.progress ?? null,
          lastCommand: c
            ? { id: c.id, type: c.type, state: c.state, reason: c.reason, createdAt: c.createdAt }
            : null,
          settings: settings.get(r.droneId) ?? { width: null, height: null, speed: null },
        };
      });
      return { records, total, current: q.currentPage, size: q.pageSize };
    },

    /** POST settings: width, height and speed to each drone (kept once the drone answers done). */
    settings(who: ControlActing, b: { droneIds: string[]; width?: number; height?: number; speed?: number }) {
      const payload = {
        ...(b.width !== undefined ? { width: b.width } : {}),
        ...(b.height !== undefined ? { height: b.height } : {}),
        ...(b.speed !== undefined ? { speed: b.speed } : {}),
      };
      return d.db.transaction().execute(async (trx) => {
        const list = await targets(trx, who, b.droneIds);
        return result(
          await sendAll(
            trx,
            who,
            list.map((t) => ({ droneId: t.droneId, type: 'settings', payload })),
          ),
        );
      });
    },

    /**
     * POST plan: droneIds[i] flies part i of the route (droneIds.length must be the route's
     * droneCount); each is sent its `plan` command and its status becomes 1 (plan sent).
     */
    plan(who: ControlActing, b: { routeId: number; droneIds: string[] }) {
      return d.db.transaction().execute(async (trx) => {
        controlScope(who);
        const route = await d.routes.lock(trx, who.actor, b.routeId);
        if (!route) throw routeErrors.notFound();
        if (!route.editable) throw routeErrors.readOnly();
        const plan = route.plan as unknown as RoutePlan;
        if (b.droneIds.length !== plan.routes.length)
          throw new AppError(400, ErrorCode.badRequest, 'controlDroneCount', { count: plan.routes.length });
        const list = await targets(trx, who, b.droneIds);
        const parts = await d.routes.drones([b.routeId], trx);
        if (parts.some((p) => p.droneStatus === 2 || p.droneStatus === 3))
          throw new AppError(409, ErrorCode.conflict, 'controlRouteFlying');
        const busy = await d.control.busy(trx, b.droneIds);
        if (busy.length > 0) throw refuse(409, 'controlDronesBusy', busy);
        await d.control.assign(trx, b.routeId, b.droneIds);
        const items = list.map((t, i) => {
          const payload: PlanCommandPayload = {
            routeId: b.routeId,
            index: i,
            home: plan.home,
            width: plan.width,
            speed: plan.speed,
            height: plan.height,
            transitHeight: PLAN_DEFAULTS.transitHeightM,
            flowLpm: plan.flowLpm,
            route: plan.routes[i] as PlanCommandPayload['route'],
          };
          return { droneId: t.droneId, type: 'plan' as const, payload };
        });
        return result(await sendAll(trx, who, items));
      });
    },

    /**
     * POST command: start (the plan sent: refused for a drone without one), pause, resume, return
     * home. `start` carries the route id; the others act on what the drone is doing.
     */
    command(
      who: ControlActing,
      b: { droneIds: string[]; type: 'start' | 'pause' | 'resume' | 'returnHome' },
    ) {
      return d.db.transaction().execute(async (trx) => {
        const list = await targets(trx, who, b.droneIds);
        const payloads: Record<string, unknown>[] = [];
        if (b.type === 'start') {
          const missing: string[] = [];
          const planCmds = await d.commands.latest(b.droneIds, ['plan']);
          for (const t of list) {
            const current = await d.control.currentPlan(t.droneId, trx);
            const sent = planCmds.get(t.droneId);
            const delivered = sent && sent.state !== 'failed' && sent.state !== 'timedOut';
            if (current?.droneStatus !== 1 || !delivered) missing.push(t.droneId);
            else payloads.push({ routeId: current.routeId });
          }
          if (missing.length > 0) throw refuse(409, 'controlNoPlan', missing);
        }
        const items = list.map((t, i) => ({
          droneId: t.droneId,
          type: b.type as CommandType,
          payload: payloads[i] ?? {},
        }));
        return result(await sendAll(trx, who, items));
      });
    },
  };
}
export type ControlService = ReturnType<typeof createControlService>;
