/**
 * Flight and group control (001 §2 GroupControl, FlightControl; §3 control options droneIds,
 * width, height, speed), family /api/drone/control/manage: GET drones, POST settings, POST plan,
 * POST command. Screens GroupControl or FlightControl; GET answers whoever has one of them (a
 * government watches the drones of its region), the POSTs refuse a watcher of SCREEN_COMMANDS (403
 * with its reason), then `canControlDrone` per drone (control.service.ts).
 */
import {
  CONTROL_BASE,
  canAccessScreen,
  canCommandOn,
  controlCommandBody,
  controlDronePage,
  controlDronesQuery,
  controlPlanBody,
  controlResult,
  controlSettingsBody,
  hasAbility,
  ok as okSchema,
  type Screen,
  watchOnlyReason,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { accessSubject } from '../../platform/auth/subject.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { ControlActing, ControlService } from './control.service.ts';

const tags = ['control'];
const SCREENS: readonly Screen[] = ['GroupControl', 'FlightControl'];
const access = { access: { screens: SCREENS } } as const;

function acting(req: FastifyRequest): ControlActing {
  const c = callerOf(req);
  const subject = accessSubject(c, req.hostProfile);
  const mine = SCREENS.filter((s) => canAccessScreen(subject, s));
  const watching = mine.some((s) => canCommandOn(subject, s)) ? null : (mine[0] ?? null);
  return {
    scope: scopeOf(c),
    account: c.account,
    actor: { accountId: c.account.id, accountType: c.account.account_type, userId: c.user.id },
    userId: c.user.id,
    canManage: hasAbility(subject, 'manageEquipment'),
    watchOnly: watching ? (watchOnlyReason(subject, watching) ?? 'ability') : null,
  };
}

export const controlRoutes: Routes<{ control: ControlService }> = async (app, { control }) => {
  app.get(
    `${CONTROL_BASE}/drones`,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Drones the caller controls or watches: online, flying, locked, position, current plan and status, newest command, settings',
        querystring: controlDronesQuery,
        response: { 200: okSchema(controlDronePage) },
      },
    },
    async (req) => ok(req, await control.drones(acting(req), req.query)),
  );

  app.post(
    `${CONTROL_BASE}/settings`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Sends flight settings (width, height, speed) to the drones',
        body: controlSettingsBody,
        response: { 200: okSchema(controlResult) },
      },
    },
    async (req) => ok(req, await control.settings(acting(req), req.body)),
  );

  app.post(
    `${CONTROL_BASE}/plan`,
    {
      config: access,
      schema: {
        tags,
        summary: "Assigns the route's parts to droneIds in order and sends each its plan",
        body: controlPlanBody,
        response: { 200: okSchema(controlResult) },
      },
    },
    async (req) => ok(req, await control.plan(acting(req), req.body)),
  );

  app.post(
    `${CONTROL_BASE}/command`,
    {
      config: access,
      schema: {
        tags,
        summary: 'Start the plan sent, pause, resume or return home',
        body: controlCommandBody,
        response: { 200: okSchema(controlResult) },
      },
    },
    async (req) => ok(req, await control.command(acting(req), req.body)),
  );
};
