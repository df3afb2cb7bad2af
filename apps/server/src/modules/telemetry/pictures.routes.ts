/**
 * Working pictures: a drone's ground station uploads what the camera saw while working
 * (POST /api/telemetry/picture, multipart, the account key as Basic vid:secret); the flight history
 * lists them (GET drone/device/manage/pictures/{droneId}, scoped like every history call).
 */
import { DRONE_BASE, ok as okSchema, page } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import { type Storage, sniffImage } from '../../platform/storage.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import { basicCredentials } from './telemetry.routes.ts';

const picture = z.object({
  id: z.number(),
  time: z.number(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  url: z.string(),
});

export const pictureRoutes: Routes<{
  db: Db;
  keys: KeysService;
  directory: DroneDirectory;
  storage: Storage;
  sorties: SortiesRepo;
  maxBytes: number;
}> = async (app, { db, keys, directory, storage, sorties, maxBytes }) => {
  app.post(
    '/api/telemetry/picture',
    {
      config: { access: 'public' },
      schema: {
        tags: ['telemetry'],
        summary:
          'Upload a working picture (multipart: droneId, recordTime, lng, lat, then file; Basic vid:secret)',
        response: { 200: okSchema(picture) },
      },
    },
    async (req) => {
      const creds = basicCredentials(req);
      const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
      if (accountId === null) throw errors.telemetryKeyInvalid();
      if (!req.isMultipart()) throw errors.badRequest('uploadMissing');
      const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (part?.fieldname !== 'file') throw errors.badRequest('uploadMissing');
      const field = (name: string) => {
        const f = part.fields[name];
        const v = f && !Array.isArray(f) && 'value' in f ? f.value : undefined;
        return typeof v === 'string' ? v : undefined;
      };
      const fields = z
        .object({
          droneId: z.string().min(1),
          recordTime: z.coerce.number().int().positive(),
          lng: z.coerce.number().min(-180).max(180).optional(),
          lat: z.coerce.number().min(-90).max(90).optional(),
        })
        .safeParse({
          droneId: field('droneId'),
          recordTime: field('recordTime'),
          lng: field('lng'),
          lat: field('lat'),
        });
      if (!fields.success)
        throw errors.badRequest('invalidField', { field: String(fields.error.issues[0]?.path[0] ?? '') });
      if (!(await directory.mayPublish(accountId, fields.data.droneId))) throw errors.forbidden();
      const buf = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw errors.badRequest('uploadTooLarge', { size: `${maxBytes} B` });
        throw err;
      });
      const type = sniffImage(buf);
      if (!type) throw errors.badRequest('uploadType');
      const url = await storage.saveImage(buf, type, null);
      const row = await db
        .insertInto('drone_pictures')
        .values({
          drone_id: fields.data.droneId,
          time: new Date(fields.data.recordTime),
          lng: fields.data.lng ?? null,
          lat: fields.data.lat ?? null,
          url,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok(req, {
        id: row.id,
        time: fields.data.recordTime,
        lng: fields.data.lng ?? null,
        lat: fields.data.lat ?? null,
        url,
      });
    },
  );

  app.get(
    `${DRONE_BASE}/pictures/:droneId`,
    {
      config: { access: { screens: ['MonitorView', 'DroneList'] } },
      schema: {
        tags: ['drones'],
        summary: "A drone's working pictures, newest first",
        params: z.object({ droneId: z.string() }),
        querystring: z.object({
          currentPage: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          startTime: z.coerce.number().int().optional(),
          endTime: z.coerce.number().int().optional(),
        }),
        response: { 200: okSchema(page(picture)) },
      },
    },
    async (req) => {
      const scope = scopeOf(callerOf(req));
      if (!(await sorties.droneVisible(scope, req.params.droneId))) throw errors.notFound();
      return ok(req, await sorties.pictures(scope, req.params.droneId, req.query));
    },
  );
};
