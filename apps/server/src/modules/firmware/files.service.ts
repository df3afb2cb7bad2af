/**
 * Plain firmware and the MCUboot images made from it: an upload checked against its name (sniff.ts,
 * hex.ts) and stored under a name of the console's, the lists, deleting, downloading, and `encrypt`:
 * the plain firmware signed with the key the request carries (held in memory only) and encrypted for
 * its model's device key, streamed by the image library. What a request does to the disk is noted in
 * its FileChanges, settled when it is answered (files.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  FIRMWARE_MAX_FILES,
  FIRMWARE_PLAIN_NAME_RE,
  type FirmwareEncrypted,
  type FirmwareImage,
  type FirmwareListQuery,
  type FirmwareType,
  firmwarePlainFields,
  type PlainFirmware,
} from '@agrifleet/domain';
import { errors } from '../../platform/errors.ts';
import type { FileUpload } from '../../platform/fileUpload.ts';
import { tooLarge } from '../../platform/fileUpload.ts';
import { outsideRequestTx } from '../../platform/requestTx.ts';
import { formatBytes } from '../../platform/upload.ts';
import type { FileRow, FilesRepo } from './files.repo.ts';
import type { FileChanges, FirmwareStore } from './files.ts';
import { type Actor, fail, type KeysService } from './firmware.service.ts';
import { HexError, hexToBinary } from './hex.ts';
import { encryptImage, ImageError } from './image/index.ts';
import type { KeysRepo } from './keys.repo.ts';
import { refusalOf } from './sniff.ts';

const ms = (d: Date) => d.getTime();

const plainOf = (r: FileRow): PlainFirmware => ({
  fileName: r.file_name,
  modelId: r.model_id,
  modelName: r.model_name,
  version: r.version,
  size: Number(r.size),
  sha256: r.sha256,
  format: r.format ?? 'bin',
  uploadedAt: ms(r.created_at),
  uploadedBy: r.created_by,
});

const imageOf = (r: FileRow): FirmwareImage => ({
  fileName: r.file_name,
  sourceFileName: r.source_file_name ?? '',
  modelId: r.model_id,
  modelName: r.model_name,
  version: r.version,
  size: Number(r.size),
  digest: r.digest ?? '',
  keyId: r.key_id ?? '',
  keyRevoked: r.key_revoked,
  deviceKeyId: r.device_key_id ?? '',
  encrypted: true,
  createdAt: ms(r.created_at),
  createdBy: r.created_by,
});

/** The image made from plain firmware `fc-1.2.bin` with key k: `fc-1.2.<k>.signed.bin`. */
export const imageNameOf = (plainName: string, keyId: string) =>
  `${plainName.replace(/\.(bin|hex)$/i, '')}.${keyId}.signed.bin`;

/** The first invalid field of POST plain's text fields, as the contracts' 400 names it. */
function plainFields(fields: Record<string, string>) {
  const parsed = firmwarePlainFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'modelId');
  throw errors.badRequest('invalidField', { field });
}

export function createFilesService(d: {
  repo: FilesRepo;
  keysRepo: KeysRepo;
  keys: KeysService;
  store: FirmwareStore;
  /** The plain firmware upload's limit (bytes). */
  maxBytes: number;
}) {
  /** The upload as the binary to store: a .bin checked by its first bytes, a .hex converted. */
  async function binaryOf(up: FileUpload, changes: FileChanges) {
    if (/\.hex$/i.test(up.fileName)) {
      const out = await d.store.tempFile();
      changes.temp.push(out);
      try {
        const bin = await hexToBinary(up.path, out, d.maxBytes);
        return { path: out, size: bin.size, sha256: bin.sha256, format: 'hex' as const };
      } catch (err) {
        if (!(err instanceof HexError)) throw err;
        if (err.span) throw fail(400, 'firmwareHexSpan', { size: formatBytes(d.maxBytes) });
        if (err.line === 0) throw fail(400, 'firmwareEmpty');
        throw fail(400, 'firmwareHexBad', { line: err.line, why: err.why });
      }
    }
    const refusal = refusalOf(up.head);
    if (refusal?.kind === 'image') throw fail(400, 'firmwareIsImage');
    if (refusal?.kind === 'hex') throw fail(400, 'firmwareIsHex');
    if (refusal?.kind === 'text') throw fail(400, 'firmwareIsText');
    if (refusal?.kind === 'format') throw fail(400, 'firmwareDisguised', { kind: refusal.format });
    return { path: up.path, size: up.size, sha256: up.sha256, format: 'bin' as const };
  }

  async function stored(a: Actor, type: FirmwareType, fileName: string) {
    const row = await d.repo.file(a.accountId, type, fileName);
    if (!row) throw fail(404, 'firmwareFileNotFound');
    return row;
  }

  return {
    /** POST plain: checks the upload (name, fields, content), stores it and its row. */
    async uploadPlain(a: Actor, up: FileUpload, changes: FileChanges): Promise<PlainFirmware> {
      changes.temp.push(up.path);
      if (!FIRMWARE_PLAIN_NAME_RE.test(up.fileName)) throw fail(400, 'firmwareNameBad');
      const fields = plainFields(up.fields);
      if (up.size === 0) throw fail(400, 'firmwareEmpty');
      const bin = await binaryOf(up, changes);
      if (bin.size > d.maxBytes) throw tooLarge(d.maxBytes);
      const model = await d.keysRepo.model(a.scope, fields.modelId);
      if (!model) throw fail(404, 'firmwareModelNotFound');
      const file = await d.store.adopt(bin.path);
      changes.created.push(file.path);
      const done = await d.repo.insert(
        {
          accountId: a.accountId,
          type: 'plain',
          fileName: up.fileName,
          storageId: file.storageId,
          modelId: model.id,
          version: fields.version,
          size: bin.size,
          sha256: bin.sha256,
          userId: a.userId,
          format: bin.format,
        },
        FIRMWARE_MAX_FILES,
      );
      if (done === 'limit') throw fail(409, 'firmwareFileLimit', { max: FIRMWARE_MAX_FILES });
      if (done === 'taken') throw fail(409, 'firmwareNameTaken');
      return plainOf(await stored(a, 'plain', up.fileName));
    },

    async listPlain(a: Actor, q: FirmwareListQuery) {
      const { records, total } = await d.repo.list(a.accountId, 'plain', q);
      return { records: records.map(plainOf), total };
    },

    async listImages(a: Actor, q: FirmwareListQuery) {
      const { records, total } = await d.repo.list(a.accountId, 'encrypted', q);
      return { records: records.map(imageOf), total };
    },

    /** DELETE list/{fileName}: the row now, the file once the request succeeded. */
    async remove(a: Actor, type: FirmwareType, fileName: string, changes: FileChanges): Promise<void> {
      const storageId = await d.repo.remove(a.accountId, type, fileName);
      if (!storageId) throw fail(404, 'firmwareFileNotFound');
      changes.dropped.push(d.store.pathOf(storageId));
    },

    /** A stored file to send: its path, size and name (an Intel HEX upload is sent as its binary, `.bin`). */
    async download(a: Actor, type: FirmwareType, fileName: string) {
      const row = await stored(a, type, fileName);
      const name = row.format === 'hex' ? row.file_name.replace(/\.hex$/i, '.bin') : row.file_name;
      return { path: d.store.pathOf(row.storage_id), size: Number(row.size), fileName: name };
    },

    /**
     * POST encrypt: signs the named plain firmware with the request's key and encrypts it for its
     * model's device key (made on first need). An image of the same name is replaced.
     */
    async encrypt(
      a: Actor,
      filename: string,
      privkey: string,
      changes: FileChanges,
    ): Promise<FirmwareEncrypted> {
      // Read (and make the device key) outside the request transaction: the connection it holds is
      // not kept idle while a large image is built; only the image's row joins it.
      const { signer, plain, device } = await outsideRequestTx(async () => {
        const signer = await d.keys.presented(a, privkey);
        const plain = await stored(a, 'plain', filename);
        return { signer, plain, device: await d.keys.forModel(plain.model_id, a.userId) };
      });
      const out = await d.store.newFile();
      changes.created.push(out.path);
      let built: Awaited<ReturnType<typeof encryptImage>>;
      try {
        built = await encryptImage({
          input: d.store.pathOf(plain.storage_id),
          output: out.path,
          signingKey: signer.key,
          deviceKey: device.spki,
          version: plain.version,
          encrypt: true,
        });
      } catch (err) {
        await rm(out.path, { force: true });
        // The stored plain firmware is gone from the disk (removed by hand): as if it did not exist.
        if (err instanceof ImageError && err.code === 'badInput') throw fail(404, 'firmwareFileNotFound');
        throw err;
      }
      const fileName = imageNameOf(plain.file_name, signer.keyId);
      const done = await d.repo.putImage(
        {
          accountId: a.accountId,
          type: 'encrypted',
          fileName,
          storageId: out.storageId,
          modelId: plain.model_id,
          version: built.version,
          size: built.size,
          sha256: await sha256Of(out.path),
          userId: a.userId,
          image: {
            keyId: built.keyId,
            digest: built.digest,
            deviceKeyId: device.key_id,
            sourceFileName: plain.file_name,
          },
        },
        FIRMWARE_MAX_FILES,
      );
      if (done === 'limit') throw fail(409, 'firmwareFileLimit', { max: FIRMWARE_MAX_FILES });
      if (done.dropped) changes.dropped.push(d.store.pathOf(done.dropped));
      return {
        fileName,
        keyId: built.keyId,
        digest: built.digest,
        size: built.size,
        version: built.version,
        deviceKeyId: device.key_id,
        modelId: plain.model_id,
      };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
