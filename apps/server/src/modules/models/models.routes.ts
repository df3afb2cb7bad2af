/**
 * Drone models (001 §7 "Drone models"), family /api/drone/model/manage: GET list, POST create, PUT
 * update, DELETE /{id}, PUT merge (flyModelId, mergeFlyModelIds), POST idRange; and the lookup
 * GET /api/drone/common/models/{manufacturer_id} (002 §7). The family serves DroneModelList
 * (platform and manufacturers); writes also need the ability to manage equipment. A model outside
 * the caller's scope answers 404.
 */
import {
  idRangeBody,
  idRangeResult,
  MODEL_ID_RANGE_PATH,
  MODEL_LIST_PATH,
  MODEL_LOOKUP_BASE,
  MODEL_MERGE_PATH,
  MODEL_PATH,
  modelCreateBody,
  modelIdParams,
  modelListQuery,
  modelLookupParams,
  modelMergeBody,
  modelMergeResult,
  modelOptions,
  modelPage,
  modelUpdateBody,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Actor, ModelsService } from './models.service.ts';

const tags = ['models'];
const read = { access: { screens: ['DroneModelList'] } } as const;
const write = { access: { screens: ['DroneModelList'], ability: 'manageEquipment' } } as const;
/** The lookup feeds the drone list's filters and forms as well as the models screen. */
const lookup = { access: { screens: ['DroneList', 'DroneModelList'] } } as const;
const idAnswer = okSchema(z.object({ id: z.number().int() }));

function actor(req: FastifyRequest): Actor {
  const c = callerOf(req);
  return { scope: scopeOf(c), userId: c.user.id, accountId: c.account.id, ip: req.ip };
}

export const modelRoutes: Routes<{ models: ModelsService }> = async (app, { models }) => {
  app.get(
    MODEL_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Drone models of the caller (platform: all; manufacturer: its own) with their drone counts',
        querystring: modelListQuery,
        response: { 200: okSchema(modelPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await models.list(scopeOf(callerOf(req)), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.post(
    MODEL_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a model (the platform names its manufacturer, zzAccountId)',
        body: modelCreateBody,
        response: { 200: idAnswer },
      },
    },
    async (req) => ok(req, await models.create(actor(req), req.body)),
  );

  app.put(
    MODEL_PATH,
    {
      config: write,
      schema: { tags, summary: 'Updates a model', body: modelUpdateBody, response: { 200: idAnswer } },
    },
    async (req) => ok(req, await models.update(actor(req), req.body)),
  );

  app.put(
    MODEL_MERGE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Merges mergeFlyModelIds into flyModelId in one transaction: their drones (and history) move, they are deleted',
        body: modelMergeBody,
        response: { 200: okSchema(modelMergeResult) },
      },
    },
    async (req) => ok(req, await models.merge(actor(req), req.body)),
  );

  app.post(
    MODEL_ID_RANGE_PATH,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Registers prefix + start..end (zero-padded to width) as unactivated drones of the model, at most 10,000; answers created and already existing serials',
        body: idRangeBody,
        response: { 200: okSchema(idRangeResult) },
      },
    },
    async (req) => ok(req, await models.addRange(actor(req), req.body)),
  );

  app.delete(
    `${MODEL_PATH}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes a model no drone uses (409 with the number of drones otherwise)',
        params: modelIdParams,
        response: { 200: idAnswer },
      },
    },
    async (req) => ok(req, await models.remove(actor(req), req.params.id)),
  );

  app.get(
    `${MODEL_LOOKUP_BASE}/:manufacturerId`,
    {
      config: lookup,
      schema: {
        tags,
        summary:
          "A manufacturer's models (id, modelName): all for the platform and the manufacturer itself, those of the drones in scope for others",
        params: modelLookupParams,
        response: { 200: okSchema(modelOptions) },
      },
    },
    async (req) => ok(req, await models.options(scopeOf(callerOf(req)), req.params.manufacturerId)),
  );
};
