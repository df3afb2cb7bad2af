/**
 * The Tools screen's calls (issue 23 point 6; packages/domain contracts/tools.ts), family
 * /api/tools. Both serve the Tools screen (platform accounts without a tag; a host without the
 * screen refuses them). telemetryTest sends real telemetry: it is a write, in the system log with
 * the drone and the key's vid (never the secret); the point itself is stored by ingest outside the
 * request's transaction. telemetryTestDrones is a read that travels as POST (the secret stays out
 * of URLs and logs).
 */
import {
  ok as okSchema,
  TOOLS_PATHS,
  telemetryTestBody,
  telemetryTestDrones,
  telemetryTestKey,
  telemetryTestResult,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, ToolsService } from './tools.service.ts';

const tags = ['tools'];
/** Who may call: the Tools screen (packages/domain access tables, host profiles). */
const access = { access: { screens: ['Tools'] } } as const;

function actorOf(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return { accountId: c.account.id, scope: scopeOf(c) };
}

export const toolsRoutes: Routes<{ tools: ToolsService }> = async (app, { tools }) => {
  app.post(
    TOOLS_PATHS.telemetryTest,
    {
      bodyLimit: 64 * 1024,
      config: access,
      schema: {
        tags,
        summary:
          'Send one telemetry point with an account key (vid, secret) for a drone in scope: the key checked as the batch route does, the point validated and ingested; the verdict, the reasons in the caller language and the drone live state',
        body: telemetryTestBody,
        response: { 200: okSchema(telemetryTestResult) },
      },
    },
    async (req) => {
      auditOf(req).target = `droneId=${req.body.droneId}`;
      auditOf(req).detail = { vid: req.body.vid };
      const result = await tools.telemetryTest(actorOf(req), req.body, req.lang);
      auditOf(req).detail = {
        vid: req.body.vid,
        accepted: result.accepted,
        reasons: result.reasons.map((r) => r.code),
      };
      return ok(req, result);
    },
  );

  app.post(
    TOOLS_PATHS.telemetryTestDrones,
    {
      bodyLimit: 4 * 1024,
      // A read that travels as POST (the secret in the body): nothing is written.
      config: { ...access, audit: false },
      schema: {
        tags,
        summary: "Whether a key (vid, secret) verifies, and the drones in the caller's scope it may send for",
        body: telemetryTestKey,
        response: { 200: okSchema(telemetryTestDrones) },
      },
    },
    async (req) => ok(req, await tools.keyDrones(actorOf(req), req.body)),
  );
};
