/**
 * Working pictures: a drone's ground station uploads what the camera saw while working
 * (POST /api/telemetry/picture, multipart, the account key as Basic vid:secret); the flight history
 * lists them (GET drone/device/manage/pictures/{droneId}, scoped like every history call) with URLs
 * signed for a while: the files are served only on those (storage.ts).
 */
import {
  DRONE_BASE,
  droneParams,
  ok as okSchema,
  page,
  pictureFields,
  pictureRecord,
  picturesQuery,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Storage } from '../../platform/storage.ts';
import { readImageUpload } from '../../platform/upload.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import { basicCredentials } from './telemetry.routes.ts';

const picture = pictureRecord;

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
      // A drone's upload (device traffic), not a console write.
      config: { access: 'public', audit: false },
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
      const upload = await readImageUpload(req, maxBytes);
      const fields = pictureFields.safeParse(upload.fields);
      if (!fields.success)
        throw errors.badRequest('invalidField', { field: String(fields.error.issues[0]?.path[0] ?? '') });
      if (!(await directory.mayPublish(accountId, fields.data.droneId))) throw errors.forbidden();
      const url = await storage.saveImage(upload.image, { userId: null, kind: 'picture' });
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
        url: storage.signedUrl(url),
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
        params: droneParams,
        querystring: picturesQuery,
        response: { 200: okSchema(page(picture)) },
      },
    },
    async (req) => {
      const scope = scopeOf(callerOf(req));
      if (!(await sorties.droneVisible(scope, req.params.droneId))) throw errors.notFound();
      const found = await sorties.pictures(scope, req.params.droneId, req.query);
      // The files are served only on these signed URLs: the scope was applied here.
      return ok(req, {
        ...found,
        records: found.records.map((r) => ({ ...r, url: storage.signedUrl(r.url) })),
      });
    },
  );
};
