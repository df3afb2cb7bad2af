/**
 * The drones family (001 §7 "Drones", /api/drone/device/manage): list, detail and every write, and
 * the 002 §7 lookups of manufacturers and operators. Reads serve the DroneList screen (and the
 * drone detail, granted where DroneList is); writes also need the ability 'manageEquipment', then
 * drones.access.ts decides per drone (403), and a drone outside the caller's scope is 404.
 */
import {
  accountOptions,
  DRONE_DETAIL_PATH,
  DRONE_LIST_PATH,
  DRONE_LOCK_PATH,
  DRONE_MANUFACTURERS_PATH,
  DRONE_OPERATORS_PATH,
  DRONE_OWNER_PATH,
  DRONE_RENTAL_PATH,
  DRONE_UPDATE_PATH,
  droneDetailQuery,
  droneDeviceTypeBody,
  droneIdPathParams,
  droneListPage,
  droneListQuery,
  droneLockBody,
  droneLockResult,
  droneOwnerBody,
  droneRegistryDetail,
  droneRentalBody,
  droneSaleBody,
  droneSignBody,
  droneUpdateBody,
  hasAbility,
  ok as okSchema,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { accessSubject } from '../../platform/auth/subject.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Acting, DronesService } from './drones.service.ts';

const tags = ['drones'];
const read = { access: { screens: ['DroneList'] } } as const;
const manage = { access: { screens: ['DroneList'], ability: 'manageEquipment' } } as const;
const done = okSchema(z.null());

function acting(req: FastifyRequest): Acting {
  const caller = callerOf(req);
  return {
    scope: scopeOf(caller),
    account: caller.account,
    userId: caller.user.id,
    canManage: hasAbility(accessSubject(caller, req.hostProfile), 'manageEquipment'),
  };
}

export const droneRoutes: Routes<{ drones: DronesService }> = async (app, { drones }) => {
  app.get(
    DRONE_LIST_PATH,
    {
      config: read,
      schema: {
        tags,
        summary:
          'Drones in scope with every filter, one page in the asked order, and the filtered set’s statistics',
        querystring: droneListQuery,
        response: { 200: okSchema(droneListPage) },
      },
    },
    async (req) => ok(req, await drones.list(scopeOf(callerOf(req)), req.query)),
  );

  app.get(
    DRONE_DETAIL_PATH,
    {
      config: read,
      schema: {
        tags,
        summary:
          'One drone: identity, owners, activation, lock and its command, sale, rental, position, figures, RTK',
        querystring: droneDetailQuery,
        response: { 200: okSchema(droneRegistryDetail) },
      },
    },
    async (req) => ok(req, await drones.detail(acting(req), req.query.droneId)),
  );

  app.put(
    DRONE_UPDATE_PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a drone (model, name, registration mark, rack number, buyer)',
        body: droneUpdateBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.update(acting(req), req.body);
      return ok(req, null);
    },
  );

  app.put(
    `${DRONE_UPDATE_PATH}/sign/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: "Manufacturer sign: the manufacturer's own number for the drone",
        params: droneIdPathParams,
        body: droneSignBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.sign(acting(req), req.params.id, req.body);
      return ok(req, null);
    },
  );

  app.put(
    DRONE_LOCK_PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Lock (opr 1) or unlock (opr 0) with a password; the command goes to the drone',
        body: droneLockBody,
        response: { 200: okSchema(droneLockResult) },
      },
    },
    async (req) => ok(req, await drones.lock(acting(req), req.body)),
  );

  app.post(
    DRONE_RENTAL_PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the rental model (null: not rented out)',
        body: droneRentalBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.rental(acting(req), req.body);
      return ok(req, null);
    },
  );

  app.put(
    `${DRONE_UPDATE_PATH}/sale/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the sale status',
        params: droneIdPathParams,
        body: droneSaleBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.sale(acting(req), req.params.id, req.body);
      return ok(req, null);
    },
  );

  app.put(
    `${DRONE_UPDATE_PATH}/deviceType/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the device type and spray width',
        params: droneIdPathParams,
        body: droneDeviceTypeBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.deviceType(acting(req), req.params.id, req.body);
      return ok(req, null);
    },
  );

  app.post(
    DRONE_OWNER_PATH,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change the drone owner; sorties already flown stay with the owner of their time',
        body: droneOwnerBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await drones.owner(acting(req), req.body);
      return ok(req, null);
    },
  );

  app.get(
    DRONE_MANUFACTURERS_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Manufacturers (the filters’ select)',
        response: { 200: okSchema(accountOptions) },
      },
    },
    async (req) => ok(req, await drones.manufacturers()),
  );

  app.get(
    DRONE_OPERATORS_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Operators that passed review (an operator gets itself): the owner select',
        response: { 200: okSchema(accountOptions) },
      },
    },
    async (req) => ok(req, await drones.operators(acting(req))),
  );
};
