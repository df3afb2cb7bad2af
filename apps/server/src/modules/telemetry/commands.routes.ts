/**
 * A drone's recent commands with their state (lock, unlock, ...; docs/api.md "Commands"), for the
 * drone screens. Scoped like every drone-level call: a drone the caller may not see answers 404.
 */
import { DRONE_BASE, droneCommandRecord, droneCommandsQuery, ok as okSchema } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { CommandService, Commands } from '../../telemetry/commands/types.ts';
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
}> = async (app, { commands, sorties }) => {
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
      if (!(await sorties.droneVisible(scopeOf(callerOf(req)), droneId))) throw errors.notFound();
      return ok(req, await commands.list(droneId, size));
    },
  );
};
