/**
 * Firmware tools, files and verdicts (002 §7 "Firmware (firmware/...)": plain and list (GET),
 * list/{fileName} (DELETE with firmwareType), encrypt (POST: filename, privkey), verifylog and
 * verifyfw (POST); and the calls the spec leaves unnamed: POST plain (the upload) and
 * list/{fileName}/download). Uploads are streamed to a temp file under a size limit (413), never held
 * in memory. verifyfw and verifylog change nothing: reads that travel as POST, not logged.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  FIRMWARE_IMAGE_OVERHEAD,
  FIRMWARE_LOG_MAX_BYTES,
  FIRMWARE_PATHS,
  firmwareDownloadQuery,
  firmwareEncryptBody,
  firmwareEncrypted,
  firmwareFileParams,
  firmwareImagePage,
  firmwareListQuery,
  firmwareTypeQuery,
  firmwareVerdict,
  flightLogVerdict,
  ok as okSchema,
  plainFirmware,
  plainFirmwarePage,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { readFileUpload } from '../../platform/fileUpload.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { FilesService } from './files.service.ts';
import type { FileChanges, FirmwareStore } from './files.ts';
import { access, actorOf, tags } from './firmware.routes.ts';
import { fail } from './firmware.service.ts';
import type { VerifyService } from './verify.service.ts';

export interface FileRoutesDeps {
  files: FilesService;
  verify: VerifyService;
  store: FirmwareStore;
  /** The plain firmware upload's limit (FIRMWARE_MAX_BYTES). */
  maxBytes: number;
}

export const firmwareFileRoutes: Routes<FileRoutesDeps> = async (app, { files, verify, store, maxBytes }) => {
  const changesOf = new WeakMap<FastifyRequest, FileChanges>();
  const changes = (req: FastifyRequest) => {
    let c = changesOf.get(req);
    if (!c) {
      c = { temp: [], created: [], dropped: [] };
      changesOf.set(req, c);
    }
    return c;
  };
  // The request's files follow its answer: a success committed its rows before it was sent.
  app.addHook('onResponse', async (req, reply) => {
    const c = changesOf.get(req);
    if (c) await store.settle(c, reply.statusCode < 400);
  });
  const upload = async (req: FastifyRequest, limit: number, fileFields: readonly string[]) => {
    const up = await readFileUpload(req, { dir: store.tmpDir, maxBytes: limit, fileFields });
    changes(req).temp.push(up.path);
    return up;
  };

  app.get(
    FIRMWARE_PATHS.plain,
    {
      config: access,
      schema: {
        tags,
        summary: "The account's plain firmware, newest first",
        querystring: firmwareListQuery,
        response: { 200: okSchema(plainFirmwarePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await files.listPlain(actorOf(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.post(
    FIRMWARE_PATHS.plain,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Upload a plain firmware (multipart: file part `firmware` or `file` named *.bin or *.hex, fields modelId and version)',
        response: { 200: okSchema(plainFirmware) },
      },
    },
    async (req) => {
      const up = await upload(req, maxBytes, ['firmware', 'file']);
      auditOf(req).target = `fileName=${up.fileName.slice(0, 160)}`;
      const stored = await files.uploadPlain(actorOf(req), up, changes(req));
      auditOf(req).detail = { fileName: stored.fileName, modelId: stored.modelId, version: stored.version };
      return ok(req, stored);
    },
  );

  app.get(
    FIRMWARE_PATHS.list,
    {
      config: access,
      schema: {
        tags,
        summary: "The account's signed and encrypted images, newest first",
        querystring: firmwareListQuery,
        response: { 200: okSchema(firmwareImagePage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { records, total } = await files.listImages(actorOf(req), q);
      return ok(req, { records, total, current: q.currentPage, size: q.pageSize });
    },
  );

  app.delete(
    FIRMWARE_PATHS.listFile,
    {
      config: access,
      schema: {
        tags,
        summary: 'Delete one of the account’s files: firmwareType plain or encrypted',
        params: firmwareFileParams,
        querystring: firmwareTypeQuery,
        response: { 200: okSchema(z.object({ fileName: z.string() })) },
      },
    },
    async (req) => {
      auditOf(req).detail = { firmwareType: req.query.firmwareType };
      await files.remove(actorOf(req), req.query.firmwareType, req.params.fileName, changes(req));
      return ok(req, { fileName: req.params.fileName });
    },
  );

  app.get(
    FIRMWARE_PATHS.listDownload,
    {
      config: access,
      schema: {
        tags,
        summary: 'Download one of the account’s files (firmwareType encrypted by default, or plain)',
        params: firmwareFileParams,
        querystring: firmwareDownloadQuery,
      },
    },
    async (req, reply) => {
      const file = await files.download(actorOf(req), req.query.firmwareType, req.params.fileName);
      const size = await stat(file.path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw fail(404, 'firmwareFileNotFound');
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(size))
        .header('cache-control', 'no-store')
        .type('application/octet-stream')
        .send(createReadStream(file.path));
    },
  );

  app.post(
    FIRMWARE_PATHS.encrypt,
    {
      config: access,
      schema: {
        tags,
        summary:
          "Sign the named plain firmware with privkey (the PEM text genkey gave; used in memory only) and encrypt it for its model's device key; an image of the same name is replaced",
        body: firmwareEncryptBody,
        response: { 200: okSchema(firmwareEncrypted) },
      },
    },
    async (req) => {
      auditOf(req).target = `filename=${req.body.filename}`;
      const made = await files.encrypt(actorOf(req), req.body.filename, req.body.privkey, changes(req));
      auditOf(req).detail = { fileName: made.fileName, source: req.body.filename, keyId: made.keyId };
      return ok(req, made);
    },
  );

  app.post(
    FIRMWARE_PATHS.verifyfw,
    {
      // A read that travels as POST (an upload): it changes nothing, so it is not logged.
      config: { ...access, audit: false },
      schema: {
        tags,
        summary:
          "Verify an MCUboot image (multipart file part `firmware` or `file`) against the account's keys; a tampered byte is placed",
        response: { 200: okSchema(firmwareVerdict) },
      },
    },
    async (req) => {
      const up = await upload(req, maxBytes + FIRMWARE_IMAGE_OVERHEAD, ['firmware', 'file']);
      return ok(req, await verify.verifyFirmware(actorOf(req), up.path, req.lang));
    },
  );

  app.post(
    FIRMWARE_PATHS.verifylog,
    {
      // A read that travels as POST (an upload): it changes nothing, so it is not logged.
      config: { ...access, audit: false },
      schema: {
        tags,
        summary:
          'Verify a drone-signed flight log (multipart file part `log` or `file`) against the keys of the drones in scope; the first broken line is named',
        response: { 200: okSchema(flightLogVerdict) },
      },
    },
    async (req) => {
      const up = await upload(req, FIRMWARE_LOG_MAX_BYTES, ['log', 'file']);
      return ok(req, await verify.verifyLog(actorOf(req), up.path, req.lang));
    },
  );
};
