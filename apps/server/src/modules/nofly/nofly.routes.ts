/**
 * No-fly zone calls (001 §7 "No-fly zones"), family /api/drone/nofly/manage: GET list (noflyType),
 * POST, PUT, PUT enable (noflyId, opr), DELETE /{id}, GET detail (noflyId). Reads need the
 * NoFlyZoneList screen; writes also the manageNoFly ability (and, in the service, a platform or
 * government account).
 */
import {
  NOFLY_BASE,
  noflyCreateBody,
  noflyDetail,
  noflyDetailQuery,
  noflyEnableBody,
  noflyIdParams,
  noflyListQuery,
  noflyPage,
  noflyUpdateBody,
  noflyWriteResult,
  ok as okSchema,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { NoflyService } from './nofly.service.ts';

const tags = ['nofly'];
const read = { access: { screens: ['NoFlyZoneList'] } } as const;
const write = { access: { screens: ['NoFlyZoneList'], ability: 'manageNoFly' } } as const;

export const noflyRoutes: Routes<{ nofly: NoflyService }> = async (app, { nofly }) => {
  app.get(
    `${NOFLY_BASE}/list`,
    {
      config: read,
      schema: {
        tags,
        summary:
          'No-fly zones, a page, with the counts civilNoflyNum and notCivilNoflyNum of the filtered set',
        querystring: noflyListQuery,
        response: { 200: okSchema(noflyPage) },
      },
    },
    async (req) => ok(req, await nofly.list(callerOf(req), req.query)),
  );

  app.get(
    `${NOFLY_BASE}/detail`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A no-fly zone with its versions',
        querystring: noflyDetailQuery,
        response: { 200: okSchema(noflyDetail) },
      },
    },
    async (req) => ok(req, await nofly.detail(callerOf(req), req.query.noflyId)),
  );

  app.post(
    NOFLY_BASE,
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a zone (version 1)',
        body: noflyCreateBody,
        response: { 200: okSchema(noflyWriteResult) },
      },
    },
    async (req) => ok(req, await nofly.create(callerOf(req), req.body)),
  );

  app.put(
    NOFLY_BASE,
    {
      config: write,
      schema: {
        tags,
        summary: 'Edits a zone (a new version; alerts raised keep theirs)',
        body: noflyUpdateBody,
        response: { 200: okSchema(noflyWriteResult) },
      },
    },
    async (req) => ok(req, await nofly.update(callerOf(req), req.body)),
  );

  app.put(
    `${NOFLY_BASE}/enable`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Enables (opr 1) or disables (opr 0) a zone',
        body: noflyEnableBody,
        response: { 200: okSchema(noflyWriteResult) },
      },
    },
    async (req) => ok(req, await nofly.enable(callerOf(req), req.body.noflyId, req.body.opr)),
  );

  app.delete(
    `${NOFLY_BASE}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes a zone (softly: its versions stay for the alerts raised against it)',
        params: noflyIdParams,
        response: { 200: okSchema(noflyWriteResult) },
      },
    },
    async (req) => ok(req, await nofly.remove(callerOf(req), req.params.id)),
  );
};
