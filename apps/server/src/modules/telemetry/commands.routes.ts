/**
 * A drone's recent commands with their state (lock, unlock, ...; docs/api.md "Commands"), for the
 * drone screens. Commands follow the ownership periods as sorties do: an operator (owner or lessee)
 * sees only the commands created while it held the drone, and only while it holds it now (a past
 * owner gets 404: a route plan or lock sent by the new owner is not its business, issue 20 item 7).
 * The platform, the manufacturer and a government see the commands of the drones they may see.
 * A drone the caller may not see answers 404.
 */
import { DRONE_BASE, droneCommandRecord, droneCommandsQuery, ok as okSchema } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { CommandService, Commands } from '../../telemetry/commands/types.ts';
import type { DronesRepo } from '../drones/drones.repo.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The command service (app.ts): modules send through their FleetDeps; tests reach it here. */
    commands: CommandService;
  }
}

export const commandRoutes: Routes<{
  commands: Commands;
  sorties: Pick<SortiesRepo, 'droneVisible'>;
  drones: Pick<DronesRepo, 'inScope'>;
}> = async (app, { commands, sorties, drones }) => {
  app.get(
    `${DRONE_BASE}/commands`,
    {
      config: { access: { screens: ['DroneList'] } },
      schema: {
        tags: ['drones'],
        summary: "A drone's newest commands (lock, unlock, ...) with their state",
        querystring: droneCommandsQuery,
        response: { 200: okSchema(z.array(droneCommandRecord)) },
      },
    },
    async (req) => {
      const { droneId, size } = req.query;
      const scope = scopeOf(callerOf(req));
      if (scope.kind === 'yy') {
        if (!(await drones.inScope(scope, droneId))) throw errors.notFound();
        return ok(req, await commands.list(droneId, size, scope.accountId));
      }
      if (!(await sorties.droneVisible(scope, droneId))) throw errors.notFound();
      return ok(req, await commands.list(droneId, size));
    },
  );
};
