/**
 * Lookups (002 §7 oper/crops, oper/worktypes; issue 22 medicines), family /api/oper. Everyone
 * signed in reads the catalogues; medicines are created and changed by the platform with the
 * ability to manage tasks (another account type with that ability gets 403).
 */
import {
  CROPS_PATH,
  cropListQuery,
  cropPage,
  ErrorCode,
  MEDICINES_PATH,
  medicineCreateBody,
  medicineList,
  medicineParams,
  medicineRow,
  medicineUpdateBody,
  ok as okSchema,
  WORK_TYPES_PATH,
  workTypeList,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { LookupsService } from './lookups.service.ts';

const tags = ['lookups'];
const read = { access: 'user' } as const;
const write = { access: { ability: 'manageTask' } } as const;

/** Only the platform (account type 1) maintains the catalogue. */
function platformOnly(req: FastifyRequest) {
  if (callerOf(req).account.account_type !== 1)
    throw new AppError(403, ErrorCode.forbidden, 'medPlatformOnly');
}

export const lookupsRoutes: Routes<{ lookups: LookupsService }> = async (app, { lookups }) => {
  app.get(
    CROPS_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'A page of the enabled crops (the web asks for size 1000), names in the caller’s language',
        querystring: cropListQuery,
        response: { 200: okSchema(cropPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await lookups.crops(req.lang, q.pageIndex, q.size);
      return ok(req, { records, total, current: q.pageIndex, size: q.size });
    },
  );

  app.get(
    WORK_TYPES_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every work type (1 spraying, 2 spreading, ...)',
        response: { 200: okSchema(workTypeList) },
      },
    },
    async (req) => ok(req, await lookups.workTypes(req.lang)),
  );

  app.get(
    MEDICINES_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every medicine, enabled or not, with its registered spray-liquid range per mu',
        response: { 200: okSchema(medicineList) },
      },
    },
    async (req) => ok(req, await lookups.medicines(req.lang)),
  );

  app.post(
    MEDICINES_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a medicine (platform); a registration number already used answers 409',
        body: medicineCreateBody,
        response: { 200: okSchema(medicineRow) },
      },
    },
    async (req) => {
      platformOnly(req);
      auditOf(req).detail = { regNo: req.body.regNo };
      const row = await lookups.createMedicine(req.lang, req.body);
      auditOf(req).target = `medId=${row.medId}`;
      return ok(req, row);
    },
  );

  app.put(
    `${MEDICINES_PATH}/:medId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change any field of a medicine, enabled included (platform)',
        params: medicineParams,
        body: medicineUpdateBody,
        response: { 200: okSchema(medicineRow) },
      },
    },
    async (req) => {
      platformOnly(req);
      auditOf(req).target = `medId=${req.params.medId}`;
      auditOf(req).detail = { fields: Object.keys(req.body) };
      return ok(req, await lookups.updateMedicine(req.lang, req.params.medId, req.body));
    },
  );
};
