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
import { errors } from '../../platform/errors.ts';
import { readFileUpload } from '../../platform/fileUpload.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { DroneDirectory } from '../../telemetry/ingest/droneDirectory.ts';
import type { KeysService } from '../accounts/keys.service.ts';
import { basicCredentials } from '../telemetry/telemetry.routes.ts';
import { parseIds } from './whitelist.parse.ts';
import type { WhitelistRepo } from './whitelist.repo.ts';

const tags = ['whitelist'];
/** Who may call: the PartWhiteList screen (platform or manufacturer with a vipLevel; access.ts). */
const access = { access: { screens: ['PartWhiteList'] } } as const;
const TMP = join(tmpdir(), 'agrifleet-whitelist');

/** The caller's account, or null for the platform (it sees and deletes every account's entries). */
function tenantOf(req: FastifyRequest): { accountId: number; all: boolean } {
  const c = callerOf(req);
  return { accountId: c.account.id, all: scopeOf(c).kind === 'all' };
}

export const whitelistRoutes: Routes<{
  repo: WhitelistRepo;
  keys: KeysService;
  directory: Pick<DroneDirectory, 'mayPublish'>;
}> = async (app, { repo, keys, directory }) => {
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
          'Upload hardware ids (multipart: field type 1-5, file part `file`, .txt or .csv, one id per line); all or nothing',
        response: { 200: okSchema(whitelistUploadResult) },
      },
    },
    async (req) => {
      const t = tenantOf(req);
      const up = await readFileUpload(req, { dir: TMP, maxBytes: WHITELIST_MAX_BYTES, fileFields: ['file'] });
      try {
        const fields = whitelistUploadFields.safeParse(up.fields);
        if (!fields.success) throw errors.badRequest('invalidField', { field: 'type' });
        const name = up.fileName.toLowerCase();
        const csv = name.endsWith('.csv');
        if (!csv && !name.endsWith('.txt')) throw errors.badRequest('whitelistFileType');
        auditOf(req).target = `type=${fields.data.type} fileName=${up.fileName.slice(0, 160)}`;
        const parsed = parseIds(await readFile(up.path, 'utf8'), csv);
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
          "Pre-take-off check: which accessories are on the drone manufacturer's whitelist (Basic vid:secret)",
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
      const maker = await repo.manufacturerOf(droneId);
      const listed = maker === null ? new Set<string>() : await repo.listed(maker, accessories);
      return ok(
        req,
        accessories.map((a) => ({ type: a.type, hwId: a.hwId, allowed: listed.has(`${a.type}|${a.hwId}`) })),
      );
    },
  );
};
