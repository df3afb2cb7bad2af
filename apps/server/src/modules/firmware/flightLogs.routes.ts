/**
 * Flight logs from the field (issue 23 point 2): a drone's ground station uploads the signed log of
 * each sortie it flew (POST /api/telemetry/flightlog, multipart file part `log`, the account
 * telemetry key as Basic vid:secret, as /api/telemetry/picture). The log is checked against the
 * registered keys of the drone it claims, which the key's account must be allowed to send for; a
 * valid log is kept (once per chain head) and its sorties read "log verified" in the flight history.
 * A log that fails is 422 with the first broken line named, in the caller's language, and nothing is
 * kept. GET .../history/flightlog?sortieId= gives the kept log back, byte for byte as signed.
 */

import { createPublicKey } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  ErrorCode,
  FIRMWARE_LOG_MAX_BYTES,
  FLIGHT_LOG_DOWNLOAD_PATH,
  FLIGHT_LOG_UPLOAD_PATH,
  flightLogReceipt,
  ok as okSchema,
  sortieIdQuery,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { readFileUpload } from '../../platform/fileUpload.ts';
import { ok } from '../../platform/http.ts';
import { type MessageKey, translate } from '../../platform/messages.ts';
import type { Routes } from '../../platform/routes.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService as AccountKeys } from '../accounts/keys.service.ts';
import type { SortiesRepo } from '../sorties/sorties.repo.ts';
import { basicCredentials } from '../telemetry/telemetry.routes.ts';
import { verifyFlightLog } from './flightLog/index.ts';
import { createFlightLogsRepo } from './flightLogs.repo.ts';
import { createKeysRepo } from './keys.repo.ts';

export const flightLogRoutes: Routes<{
  db: Db;
  keys: AccountKeys;
  directory: DroneDirectory;
  sorties: SortiesRepo;
  dataDir: string;
}> = async (app, { db, keys, directory, sorties, dataDir }) => {
  const logs = createFlightLogsRepo(db);
  const droneKeys = createKeysRepo(db);
  const tmpDir = join(dataDir, 'tmp', 'flightlogs');

  app.post(
    FLIGHT_LOG_UPLOAD_PATH,
    {
      // A drone's upload (device traffic), not a console write.
      config: { access: 'public', audit: false },
      schema: {
        tags: ['telemetry'],
        summary:
          'Upload the drone-signed flight log of a sortie (multipart file part `log`; Basic vid:secret)',
        response: { 200: okSchema(flightLogReceipt) },
      },
    },
    async (req) => {
      const creds = basicCredentials(req);
      const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
      if (accountId === null) throw errors.telemetryKeyInvalid();
      const up = await readFileUpload(req, {
        dir: tmpDir,
        maxBytes: FIRMWARE_LOG_MAX_BYTES,
        fileFields: ['log'],
      });
      let bytes: Buffer;
      try {
        bytes = await readFile(up.path);
      } finally {
        await unlink(up.path).catch(() => {});
      }
      // Only the keys of drones this account sends for: another's drone is as unknown as no key.
      const v = await verifyFlightLog(
        bytes,
        async (droneId, keyId) => {
          if (!(await directory.mayPublish(accountId, droneId))) return null;
          const row = await droneKeys.droneKey({ kind: 'all' }, droneId, keyId);
          return row
            ? {
                publicKey: createPublicKey({ key: row.spki, format: 'der', type: 'spki' }),
                revoked: row.revoked,
              }
            : null;
        },
        { points: true },
      );
      const points = v.points ?? [];
      const first = points[0]?.recordTime;
      const last = points.at(-1)?.recordTime;
      if (!v.valid || !v.droneId || !v.head || !v.keyId || first === undefined || last === undefined) {
        const reason = v.valid ? 'empty' : v.reason;
        const text = translate(`firmwareLog.${reason}` as MessageKey, req.lang);
        throw v.line === undefined
          ? new AppError(422, ErrorCode.badRequest, `firmwareLog.${reason}` as MessageKey)
          : new AppError(422, ErrorCode.badRequest, 'firmwareLog.atLine', { line: v.line, text });
      }
      const kept = await logs.keep({
        droneId: v.droneId,
        keyId: v.keyId,
        logSortie: v.sortieId ?? '',
        first,
        last,
        records: v.records,
        head: v.head,
        gz: gzipSync(bytes),
      });
      return ok(req, {
        droneId: v.droneId,
        logSortieId: v.sortieId ?? '',
        keyId: v.keyId,
        head: v.head,
        records: v.records,
        kept,
        sortieIds: await logs.covered(v.droneId, first, last),
      });
    },
  );

  app.get(
    FLIGHT_LOG_DOWNLOAD_PATH,
    {
      config: { access: { screens: ['MonitorView', 'DroneList'] } },
      schema: {
        tags: ['drones'],
        summary: 'The drone-signed flight log that covers a sortie (JSON Lines, as signed); 404 when none',
        querystring: sortieIdQuery,
      },
    },
    async (req, reply) => {
      const id = req.query.sortieId;
      if (!(await sorties.sortieVisible(scopeOf(callerOf(req)), id))) throw errors.notFound();
      const log = await logs.forSortie(id);
      if (!log) throw errors.notFound();
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="flightlog-${log.drone_id}-${id}.jsonl"`)
        .header('cache-control', 'private, no-store')
        .send(gunzipSync(log.log_gz));
    },
  );
};
