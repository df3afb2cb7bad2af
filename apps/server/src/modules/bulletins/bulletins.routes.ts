/**
 * Bulletins (001 §7 "Bulletins"; 002 §7 unread bulletin count), family /api/user/bulletin.
 * Reading serves BulletinList (platform, government, manufacturers, operators; super, enterprise
 * and business admins: receiveBulletin); creating serves BulletinCreate (platform and government:
 * sendBulletin). Anomaly bulletins are the caller's data scope's anomalies.
 */
import {
  anomalyBulletinPage,
  anomalyBulletinQuery,
  BULLETIN_ANOMALY_LIST_PATH,
  BULLETIN_CREATE_PATH,
  BULLETIN_LIST_PATH,
  BULLETIN_READ_PATH,
  BULLETIN_UNREAD_COUNT_PATH,
  bulletinCreateBody,
  bulletinCreated,
  bulletinListQuery,
  bulletinPage,
  bulletinReadBody,
  bulletinReadResult,
  bulletinUnreadCount,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Reader } from './bulletins.repo.ts';
import type { BulletinsService } from './bulletins.service.ts';

const tags = ['bulletins'];
const read = { access: { screens: ['BulletinList'], ability: 'receiveBulletin' } } as const;
const write = { access: { screens: ['BulletinCreate'], ability: 'sendBulletin' } } as const;

function reader(req: FastifyRequest): Reader {
  const c = callerOf(req);
  return { userId: c.user.id, accountType: c.account.account_type, scope: scopeOf(c) };
}

export const bulletinRoutes: Routes<{ bulletins: BulletinsService }> = async (app, { bulletins }) => {
  app.get(
    BULLETIN_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Ordinary bulletins (type 2) meant for the caller, with its read state',
        querystring: bulletinListQuery,
        response: { 200: okSchema(bulletinPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await bulletins.list(reader(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.get(
    BULLETIN_ANOMALY_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Anomaly bulletins (type 1): the anomalies raised in the caller’s data scope',
        querystring: anomalyBulletinQuery,
        response: { 200: okSchema(anomalyBulletinPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await bulletins.anomalies(reader(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.put(
    BULLETIN_READ_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Mark bulletins of the current type read: oprType 1 the bulletinIds, 2 all of the type',
        body: bulletinReadBody,
        response: { 200: okSchema(bulletinReadResult) },
      },
    },
    async (req) => {
      const b = req.body;
      auditOf(req).target = `bulletinType=${b.bulletinType}`;
      auditOf(req).detail = { oprType: b.oprType, bulletinIds: b.bulletinIds.slice(0, 20) };
      return ok(req, await bulletins.read(reader(req), b));
    },
  );

  app.post(
    BULLETIN_CREATE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Send an ordinary bulletin to manufacturers (1) and/or owners (2)',
        body: bulletinCreateBody,
        response: { 200: okSchema(bulletinCreated) },
      },
    },
    async (req) => {
      const c = callerOf(req);
      const id = await bulletins.create(c.account.id, c.user.id, req.body);
      auditOf(req).target = `bulletinId=${id}`;
      auditOf(req).detail = { title: req.body.title, targetAccountTypes: req.body.targetAccountTypes };
      return ok(req, { bulletinId: id });
    },
  );

  app.get(
    BULLETIN_UNREAD_COUNT_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Unread bulletins of the caller: ordinary, anomaly and their total (capped at 999)',
        response: { 200: okSchema(bulletinUnreadCount) },
      },
    },
    async (req) => ok(req, await bulletins.unread(reader(req))),
  );
};
