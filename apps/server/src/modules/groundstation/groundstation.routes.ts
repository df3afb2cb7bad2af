/**
 * Ground-station configuration (002 §3/§7 "GroundStationConfig"; README.md): the console's GET and
 * POST /api/groundStation/config (the GroundStationConfig screen; the platform any account, any other
 * account its own and its sub-accounts, else 404), and the app's calls with the account telemetry key (Basic
 * vid:secret): its signed configuration with an ETag, the public key, and the version it applied.
 */
import { createHash } from 'node:crypto';
import {
  GROUND_STATION_PATHS,
  groundStationAppConfig,
  groundStationApplied,
  groundStationConfig,
  groundStationPublicKey,
  groundStationQuery,
  groundStationSave,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { AccountsRepo } from '../accounts/accounts.repo.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { canonicalize } from '../firmware/flightLog/index.ts';
import { basicCredentials } from '../telemetry/telemetry.routes.ts';
import type { GroundStationService } from './groundstation.service.ts';

const tags = ['groundstation'];
const access = { access: { screens: ['GroundStationConfig'] } } as const;

/**
 * The accounts whose configuration the caller may read and write: the platform any; every other
 * account its own and its sub-accounts at every level (the accounts module's `descendants`, as its
 * visible scope), never an ancestor or another tenant (404).
 */
async function allowed(req: FastifyRequest, accounts: AccountsRepo, accountId: number): Promise<void> {
  const a = callerOf(req).account;
  if (a.account_type === 1 || a.id === accountId) return;
  if (!(await accounts.descendants(a.id)).includes(accountId)) throw errors.notFound();
}

export const groundStationRoutes: Routes<{
  gs: GroundStationService;
  keys: KeysService;
  accounts: AccountsRepo;
}> = async (app, { gs, keys, accounts }) => {
  async function keyAccount(req: FastifyRequest): Promise<number> {
    const creds = basicCredentials(req);
    const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
    if (accountId === null) throw errors.telemetryKeyInvalid();
    return accountId;
  }

  app.get(
    GROUND_STATION_PATHS.config,
    {
      config: access,
      schema: {
        tags,
        summary:
          "An account's ground-station configuration: its own values, the inherited and effective ones with their sources, the version and the devices",
        querystring: groundStationQuery,
        response: { 200: okSchema(groundStationConfig) },
      },
    },
    async (req) => {
      await allowed(req, accounts, req.query.accountId);
      const r = await gs.get(req.query.accountId);
      if (!r) throw errors.notFound();
      return ok(req, r);
    },
  );

  app.post(
    GROUND_STATION_PATHS.config,
    {
      bodyLimit: 16 * 1024,
      config: access,
      schema: {
        tags,
        summary: "Save an account's ground-station configuration (null: inherit); the version is bumped",
        body: groundStationSave,
        response: { 200: okSchema(z.object({ version: z.number().int() })) },
      },
    },
    async (req) => {
      auditOf(req).target = `accountId=${req.body.accountId}`;
      await allowed(req, accounts, req.body.accountId);
      const version = await gs.save(req.body, callerOf(req).user.id);
      if (version === null) throw errors.notFound();
      auditOf(req).detail = { version };
      return ok(req, { version });
    },
  );

  app.get(
    GROUND_STATION_PATHS.appConfig,
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary:
          "The key account's effective configuration, signed (Ed25519 over the RFC 8785 JSON of {accountId, version, config}); version: the effective version (a save anywhere in the chain raises it); ETag, If-None-Match answers 304",
      },
    },
    async (req, reply) => {
      const accountId = await keyAccount(req);
      const body = groundStationAppConfig.parse(await gs.appConfig(accountId));
      // The effective version and a hash of what is sent: a save in the chain changes the version, a
      // change of content (or of the signing key) the hash, so a 304 never hides a new configuration.
      const digest = createHash('sha256').update(canonicalize(body)).digest('base64url').slice(0, 22);
      const etag = `"gs-${accountId}-${body.version}-${digest}"`;
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      const inm = req.headers['if-none-match'];
      if (inm?.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
      return ok(req, body);
    },
  );

  app.get(
    GROUND_STATION_PATHS.appPublicKey,
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: 'The Ed25519 public key the app checks the configuration with',
        response: { 200: okSchema(groundStationPublicKey) },
      },
    },
    async (req) => ok(req, await gs.publicKey()),
  );

  app.post(
    GROUND_STATION_PATHS.appApplied,
    {
      bodyLimit: 4 * 1024,
      // Device traffic (like telemetry): no system-log row.
      config: { access: 'public', audit: false },
      preValidation: async (req) => {
        await keyAccount(req);
      },
      schema: {
        tags,
        summary: 'The configuration version a device runs (Basic vid:secret, the account telemetry key)',
        body: groundStationApplied,
        response: { 200: okSchema(z.object({})) },
      },
    },
    async (req) => {
      const accountId = await keyAccount(req);
      await gs.applied(accountId, req.body.deviceId, req.body.version);
      return ok(req, {});
    },
  );
};
