/**
 * Accessory whitelist routes (002 §7 device/deviceWhiteList, device/deviceWhite; README.md): the
 * list (GET), the upload (POST multipart: field type, file part file), one entry's DELETE, and the
 * ground station's pre-take-off check (POST check, the account telemetry key as Basic vid:secret).
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ok as okSchema,
  WHITELIST_MAX_BYTES,
  WHITELIST_MAX_LINES,
  WHITELIST_PATHS,
  whitelistCheckBody,
  whitelistCheckResult,
  whitelistEntryParams,
  whitelistPage,
  whitelistQuery,
  whitelistUploadFields,
  whitelistUploadResult,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { readFileUpload } from '../../platform/fileUpload.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import { accessoryVerdicts, manufacturerOf } from '../../telemetry/anomalies/accessoryHook.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { basicCredentials } from '../telemetry/telemetry.routes.ts';
import { checkIds, type Parsed, parseIds } from './whitelist.parse.ts';
import type { WhitelistRepo } from './whitelist.repo.ts';
import { XlsxRefused, xlsxCells } from './whitelist.xlsx.ts';

const tags = ['whitelist'];
/** Who may call: the PartWhiteList screen (platform or manufacturer with a vipLevel; access.ts). */
const access = { access: { screens: ['PartWhiteList'] } } as const;
const TMP = join(tmpdir(), 'agrifleet-whitelist');

/** The ids of the uploaded file by its kind; a file that is not what its name says is a 400. */
async function readIds(path: string, head: Buffer, kind: string): Promise<Parsed> {
  if (kind === 'xlsx') {
    try {
      return checkIds(await xlsxCells(path));
    } catch (err) {
      if (!(err instanceof XlsxRefused)) throw err;
      if (err.reason === 'tooMany') return { ok: false, tooMany: true };
      throw errors.badRequest('whitelistNotXlsx');
    }
  }
  // A zip (a workbook renamed) or a binary is not a text: NUL never occurs in UTF-8 text.
  if (head.includes(0) || head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')))
    throw errors.badRequest('whitelistNotText');
  return parseIds(await readFile(path, 'utf8'), kind === 'csv');
}

/** The caller's account, or null for the platform (it sees and deletes every account's entries). */
function tenantOf(req: FastifyRequest): { accountId: number; all: boolean } {
  const c = callerOf(req);
  return { accountId: c.account.id, all: scopeOf(c).kind === 'all' };
}

export const whitelistRoutes: Routes<{
  repo: WhitelistRepo;
  db: Db;
  keys: KeysService;
  directory: Pick<DroneDirectory, 'mayPublish'>;
}> = async (app, { repo, db, keys, directory }) => {
  app.get(
    WHITELIST_PATHS.list,
    {
      config: access,
      schema: {
        tags,
        summary: 'Accessory whitelist, newest first (a manufacturer its own; the platform all)',
        querystring: whitelistQuery,
        response: { 200: okSchema(whitelistPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const t = tenantOf(req);
      const { records, total } = await repo.list(t.all ? null : t.accountId, q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.post(
    WHITELIST_PATHS.upload,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Upload hardware ids (multipart: field type 1-5, file part `file`: .txt/.csv one id per line, or .xlsx every non-empty cell of the first sheet); all or nothing',
        response: { 200: okSchema(whitelistUploadResult) },
      },
    },
    async (req) => {
      const t = tenantOf(req);
      const up = await readFileUpload(req, { dir: TMP, maxBytes: WHITELIST_MAX_BYTES, fileFields: ['file'] });
      try {
        const fields = whitelistUploadFields.safeParse(up.fields);
        if (!fields.success) throw errors.badRequest('invalidField', { field: 'type' });
        const kind = /\.(txt|csv|xlsx)$/i.exec(up.fileName)?.[1]?.toLowerCase();
        if (!kind) throw errors.badRequest('whitelistFileType');
        auditOf(req).target = `type=${fields.data.type} fileName=${up.fileName.slice(0, 160)}`;
        const parsed = await readIds(up.path, up.head, kind);
        if (!parsed.ok) {
          if (parsed.tooMany) throw errors.badRequest('whitelistTooManyLines', { max: WHITELIST_MAX_LINES });
          throw errors.badRequest('whitelistBadLines', {
            count: parsed.badCount,
            lines: parsed.badLines.join(', ') + (parsed.badCount > parsed.badLines.length ? ', …' : ''),
          });
        }
        if (parsed.ids.length === 0) throw errors.badRequest('whitelistEmpty');
        const added = await repo.addAll(t.accountId, fields.data.type, parsed.ids);
        const result = { added, alreadyListed: parsed.ids.length - added };
        auditOf(req).detail = { type: fields.data.type, ids: parsed.ids.length, ...result };
        return ok(req, result);
      } finally {
        await rm(up.path, { force: true });
      }
    },
  );

  app.delete(
    WHITELIST_PATHS.entry,
    {
      config: access,
      schema: { tags, summary: 'Delete one whitelist entry', params: whitelistEntryParams },
    },
    async (req) => {
      const t = tenantOf(req);
      auditOf(req).target = `id=${req.params.id}`;
      const gone = await repo.remove(t.all ? null : t.accountId, req.params.id);
      if (!gone) throw errors.notFound();
      auditOf(req).detail = { type: gone.type, hwId: gone.hw_id };
      return ok(req, null);
    },
  );

  app.post(
    WHITELIST_PATHS.check,
    {
      // The ground station's read before take-off (device traffic), not a console write.
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary:
          'Pre-take-off check: which accessories may fly with the drone (its manufacturer has no list for the type, or lists the id; Basic vid:secret)',
        body: whitelistCheckBody,
        response: { 200: okSchema(whitelistCheckResult) },
      },
    },
    async (req) => {
      const creds = basicCredentials(req);
      const accountId = creds ? await keys.verify(creds.vid, creds.secret) : null;
      if (accountId === null) throw errors.telemetryKeyInvalid();
      const { droneId, accessories } = req.body;
      if (!(await directory.mayPublish(accountId, droneId))) throw errors.forbidden();
      // The rule the landing anomaly applies (oddType 6): no list for a type, no restriction.
      return ok(req, await accessoryVerdicts(db, await manufacturerOf(db, droneId), accessories));
    },
  );
};
