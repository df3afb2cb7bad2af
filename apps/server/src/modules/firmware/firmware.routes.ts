/**
 * Firmware tools, keys and statements (002 §7 "Firmware (firmware/...)": genkey, getkey, signrc;
 * and the calls the spec leaves unnamed: revokekey, devicekey, devicekey/private, dronekey,
 * dronekey/revoke), family /api/firmware. Every call serves FirmwareManage (platform and
 * manufacturers; super admins and staff; a host without the screen refuses them all). The tenant is
 * the caller's account. Writes are in the system log with key ids and names, never a key's text.
 */
import {
  deviceKey,
  deviceKeyBody,
  droneKeyBody,
  droneKeyQuery,
  droneKeyRevokeBody,
  droneLogKey,
  FIRMWARE_PATHS,
  firmwareKey,
  firmwareKeyIdBody,
  ok as okSchema,
  rcStatement,
  rcStatementPage,
  signrcBody,
  signrcListQuery,
} from '@agrifleet/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf, LOG_TYPES } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, KeysService } from './firmware.service.ts';
import type { VerifyService } from './verify.service.ts';

export const tags = ['firmware'];
/** Who may call: the FirmwareManage screen (packages/domain access tables, host profiles). */
export const access = { access: { screens: ['FirmwareManage'] } } as const;

export function actorOf(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return { accountId: c.account.id, userId: c.user.id, scope: scopeOf(c) };
}

/** A private key as a one-time download: a PEM file, never cached. */
export function pemDownload(reply: FastifyReply, name: string, pem: string) {
  return reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .type('application/x-pem-file')
    .send(pem);
}

const done = z.object({ keyId: z.string() });

export const firmwareKeyRoutes: Routes<{ keys: KeysService; verify: VerifyService }> = async (
  app,
  { keys, verify },
) => {
  app.get(
    FIRMWARE_PATHS.genkey,
    {
      // It registers the key it hands out: logged like a write, in a request transaction; no HEAD
      // route (a HEAD would make a key and drop it).
      config: { ...access, audit: LOG_TYPES.change },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          'Make an Ed25519 signing key for the account: its public half registered, its private half answered once as agrifleet-<keyId>.pem (header X-Key-Id), never stored',
      },
    },
    async (req, reply) => {
      const made = await keys.generate(actorOf(req));
      auditOf(req).target = `keyId=${made.keyId}`;
      auditOf(req).detail = { keyId: made.keyId };
      reply.header('x-key-id', made.keyId);
      return pemDownload(reply, `agrifleet-${made.keyId}.pem`, made.privateKeyPem);
    },
  );

  app.get(
    FIRMWARE_PATHS.getkey,
    {
      config: access,
      schema: {
        tags,
        summary: "The account's signing keys (public halves), newest first, revoked ones with revokedAt",
        response: { 200: okSchema(z.array(firmwareKey)) },
      },
    },
    async (req) => ok(req, await keys.list(actorOf(req))),
  );

  app.post(
    FIRMWARE_PATHS.revokekey,
    {
      config: access,
      schema: {
        tags,
        summary: 'Revoke a signing key: images it signed then verify as revoked, it signs nothing more',
        body: firmwareKeyIdBody,
        response: { 200: okSchema(done) },
      },
    },
    async (req) => {
      auditOf(req).target = `keyId=${req.body.keyId}`;
      await keys.revoke(actorOf(req), req.body.keyId);
      return ok(req, { keyId: req.body.keyId });
    },
  );

  app.get(
    FIRMWARE_PATHS.devicekey,
    {
      config: access,
      schema: {
        tags,
        summary: 'The device (encryption) keys of the drone models in scope',
        response: { 200: okSchema(z.array(deviceKey)) },
      },
    },
    async (req) => ok(req, await keys.listDeviceKeys(actorOf(req))),
  );

  app.post(
    FIRMWARE_PATHS.devicekey,
    {
      config: access,
      schema: {
        tags,
        summary: "A drone model's X25519 device key (made if it has none); public half only",
        body: deviceKeyBody,
        response: { 200: okSchema(deviceKey) },
      },
    },
    async (req) => {
      const key = await keys.deviceKey(actorOf(req), req.body.modelId);
      auditOf(req).detail = { modelId: key.modelId, keyId: key.keyId };
      return ok(req, key);
    },
  );

  app.post(
    FIRMWARE_PATHS.devicekeyPrivate,
    {
      config: access,
      schema: {
        tags,
        summary:
          "The private half of a model's device key, for the drones' bootloaders: a PEM download, once (then 409)",
        body: deviceKeyBody,
      },
    },
    async (req, reply) => {
      const key = await keys.takeDevicePrivate(actorOf(req), req.body.modelId);
      auditOf(req).detail = { modelId: req.body.modelId, keyId: key.keyId };
      reply.header('x-key-id', key.keyId);
      return pemDownload(reply, `agrifleet-device-${key.keyId}.pem`, key.privateKeyPem);
    },
  );

  app.get(
    FIRMWARE_PATHS.dronekey,
    {
      config: access,
      schema: {
        tags,
        summary: "A drone's flight-log keys (drones in scope)",
        querystring: droneKeyQuery,
        response: { 200: okSchema(z.array(droneLogKey)) },
      },
    },
    async (req) => ok(req, await keys.listDroneKeys(actorOf(req), req.query.droneId)),
  );

  app.post(
    FIRMWARE_PATHS.dronekey,
    {
      config: access,
      schema: {
        tags,
        summary: "Register a drone's Ed25519 flight-log public key (the drone's maker only)",
        body: droneKeyBody,
        response: { 200: okSchema(droneLogKey) },
      },
    },
    async (req) => {
      const key = await keys.addDroneKey(actorOf(req), req.body.droneId, req.body.publicKey);
      auditOf(req).detail = { keyId: key.keyId };
      return ok(req, key);
    },
  );

  app.post(
    FIRMWARE_PATHS.dronekeyRevoke,
    {
      config: access,
      schema: {
        tags,
        summary: "Revoke a drone's flight-log key: logs it signed then verify as revoked",
        body: droneKeyRevokeBody,
        response: { 200: okSchema(done) },
      },
    },
    async (req) => {
      auditOf(req).detail = { keyId: req.body.keyId };
      await keys.revokeDroneKey(actorOf(req), req.body.droneId, req.body.keyId);
      return ok(req, { keyId: req.body.keyId });
    },
  );

  app.post(
    FIRMWARE_PATHS.signrc,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Bind a remote controller to the account: a statement signed with the request's key (used in memory only), stored and answered",
        body: signrcBody,
        response: { 200: okSchema(rcStatement) },
      },
    },
    async (req) => {
      auditOf(req).target = `rcid=${req.body.rcid}`;
      const statement = await verify.signRc(actorOf(req), req.body.rcid, req.body.privkey);
      auditOf(req).detail = { rcid: statement.rcid, keyId: statement.keyId };
      return ok(req, statement);
    },
  );

  app.get(
    FIRMWARE_PATHS.signrc,
    {
      config: access,
      schema: {
        tags,
        summary: "The account's remote-controller statements (the latest per rcid), newest first",
        querystring: signrcListQuery,
        response: { 200: okSchema(rcStatementPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await verify.listRc(actorOf(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );
};
