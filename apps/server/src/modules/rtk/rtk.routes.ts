/**
 * RTK devices (001 §7 "RTK", 002 §7 lookups "RTK renewal by phone or by btaddr"), family
 * /api/drone/rtk/manage. The list serves RtkList (platform and manufacturers); every write needs
 * the screen and the ability to manage equipment. A device outside the caller's scope answers 404.
 */
import {
  ok as okSchema,
  RTK_ALLOW_PATH,
  RTK_BIND_PATH,
  RTK_LIST_PATH,
  RTK_RENEW_BTADDR_PATH,
  RTK_RENEW_PHONE_PATH,
  rtkAllowBody,
  rtkBindBody,
  rtkDeviceState,
  rtkDevParams,
  rtkListQuery,
  rtkPage,
  rtkRenewal,
  rtkRenewBtaddrBody,
  rtkRenewPhoneBody,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import { originOf, type Routes } from '../../platform/routes.ts';
import type { Actor, RtkService } from './rtk.service.ts';

const tags = ['rtk'];
const read = { access: { screens: ['RtkList'] } } as const;
const write = { access: { screens: ['RtkList'], ability: 'manageEquipment' } } as const;

function actor(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return { scope: scopeOf(c), userId: c.user.id, accountId: c.account.id, ip: req.ip };
}

export const rtkRoutes: Routes<{ rtk: RtkService }> = async (app, { rtk }) => {
  app.get(
    RTK_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'RTK devices of the caller (platform: all; manufacturer: its own), filtered by pn and type',
        querystring: rtkListQuery,
        response: { 200: okSchema(rtkPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await rtk.list(scopeOf(callerOf(req)), q);
      return ok(req, { records, total, current: q.page, size: q.size });
    },
  );

  app.put(
    `${RTK_ALLOW_PATH}/:devId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Allow (opr 1) or stop (opr 0) a device using the correction service',
        params: rtkDevParams,
        body: rtkAllowBody,
        response: { 200: okSchema(rtkDeviceState) },
      },
    },
    async (req) => ok(req, await rtk.allow(actor(req), req.params.devId, req.body)),
  );

  app.put(
    RTK_BIND_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Bind a correction-service key (qxdsk) to a device; the answer shows it masked',
        body: rtkBindBody,
        response: { 200: okSchema(rtkDeviceState) },
      },
    },
    async (req) => ok(req, await rtk.bind(actor(req), req.body)),
  );

  app.post(
    RTK_RENEW_PHONE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Renew every device on the drones of the account of the user with this phone',
        body: rtkRenewPhoneBody,
        response: { 200: okSchema(rtkRenewal) },
      },
    },
    async (req) =>
      ok(
        req,
        await rtk.renewByPhone(actor(req), req.body.phone, req.body.availableDays, originOf(req).dialCode),
      ),
  );

  app.post(
    RTK_RENEW_BTADDR_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Renew the device with this Bluetooth address',
        body: rtkRenewBtaddrBody,
        response: { 200: okSchema(rtkRenewal) },
      },
    },
    async (req) => ok(req, await rtk.renewByBtaddr(actor(req), req.body.btaddr, req.body.availableDays)),
  );
};
