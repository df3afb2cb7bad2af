/**
 * Reads a multipart upload of one file of any content, streamed to a temp file (never held in
 * memory: one chunk at a time goes through a SHA-256 and a byte counter into the file), and the text
 * fields sent before or after it. Whatever goes wrong reading the body is the request's fault: a body
 * that is not multipart, a broken boundary or part header, a body cut short, too many parts or
 * fields, a field over its size, a second file, a file part of another name answer 400
 * (`uploadMalformed`, `uploadMissing`, `invalidField`); a file over `maxBytes` answers 413
 * (`uploadTooLarge`), all in the caller's language. platform/upload.ts reads images (small, in memory).
 *
 * The temp file is the caller's: it removes it (FileUpload.path) when done, also on its own errors;
 * on a refusal here nothing is left behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from './errors.ts';
import { formatBytes } from './upload.ts';

export interface FileUpload {
  /** The temp file holding the bytes (the caller removes it). */
  path: string;
  /** The file name the client sent (no directory part; may be empty). */
  fileName: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The first HEAD_BYTES bytes (fewer for a smaller file), to tell what the file is. */
  head: Buffer;
  /** The text fields, by name (a name sent twice is refused). */
  fields: Record<string, string>;
}

export interface FileUploadOptions {
  /** Folder of the temp file (created when missing). */
  dir: string;
  maxBytes: number;
  /** Names the file part may have (the first is the one to name in messages). */
  fileFields: readonly string[];
  /** At most this many text fields, each at most maxFieldBytes. */
  maxFields?: number;
  maxFieldBytes?: number;
}

export const HEAD_BYTES = 512;

export const tooLarge = (maxBytes: number) =>
  new AppError(413, ErrorCode.payloadTooLarge, 'uploadTooLarge', { size: formatBytes(maxBytes) });

/** A transform that counts, hashes and keeps the first HEAD_BYTES bytes of what flows through. */
function meter() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headLength = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        head.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

export async function readFileUpload(req: FastifyRequest, o: FileUploadOptions): Promise<FileUpload> {
  if (!req.isMultipart()) throw errors.badRequest('uploadMissing');
  const maxFields = o.maxFields ?? 10;
  const maxFieldBytes = o.maxFieldBytes ?? 1024;
  await mkdir(o.dir, { recursive: true });
  const path = join(o.dir, `${randomUUID()}.part`);
  const fields: Record<string, string> = {};
  let file: Omit<FileUpload, 'fields'> | null = null;
  try {
    const parts = req.parts({
      limits: {
        fileSize: o.maxBytes,
        files: 1,
        fields: maxFields,
        fieldSize: maxFieldBytes,
        fieldNameSize: 100,
        parts: maxFields + 1,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (file || !o.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw errors.badRequest('uploadMalformed');
        }
        const m = meter();
        await pipeline(part.file, m.stream, createWriteStream(path, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge(o.maxBytes);
        file = { path, fileName: part.filename ?? '', ...m.result() };
      } else {
        if (
          part.fieldnameTruncated ||
          typeof part.value !== 'string' ||
          Object.hasOwn(fields, part.fieldname)
        )
          throw errors.badRequest('uploadMalformed');
        if (part.valueTruncated) throw errors.badRequest('invalidField', { field: part.fieldname });
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await rm(path, { force: true });
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(o.maxBytes);
    req.log.debug({ err }, 'malformed multipart upload');
    throw errors.badRequest('uploadMalformed');
  }
  if (!file) throw errors.badRequest('uploadMissing');
  return { ...file, fields };
}
