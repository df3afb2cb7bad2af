/**
 * Reads the one image of a multipart upload (field "file") and the fields sent before it. Whatever
 * goes wrong reading the body is the request's fault and answers 400 with a translated message: a
 * body that is not multipart, a broken boundary or part header, a body cut short, too many parts,
 * a file over the limit, bytes that are not a whole JPEG or PNG, an image declared larger than the
 * limits (images.ts: refused by its header, before its pixel data is inflated off the event loop).
 */
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from './errors.ts';
import { type CheckedImage, checkImageOffLoop, ImageCheckBusy } from './images.ts';

export interface ImageUpload {
  image: CheckedImage;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
}

/** 5242880 -> "5 MB", 1000 -> "1000 B". */
export function formatBytes(n: number): string {
  if (n >= 1048576) return `${+(n / 1048576).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

export async function readImageUpload(req: FastifyRequest, maxBytes: number): Promise<ImageUpload> {
  if (!req.isMultipart()) throw errors.badRequest('uploadMissing');
  const refuse = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw errors.badRequest('uploadTooLarge', { size: formatBytes(maxBytes) });
    req.log.debug({ err }, 'malformed multipart upload');
    throw errors.badRequest('uploadMalformed');
  };
  const part = await req
    .file({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024, parts: 21, headerPairs: 20 },
    })
    .catch(refuse);
  if (part?.fieldname !== 'file') throw errors.badRequest('uploadMissing');
  const buf = await part.toBuffer().catch(refuse);
  const image = await checkImageOffLoop(buf).catch((err) => {
    if (err instanceof ImageCheckBusy) throw errors.tooMany(5);
    throw err;
  });
  if ('refused' in image) {
    if (image.refused === 'dimensions')
      throw errors.badRequest('uploadDimensions', { side: image.side, megapixels: image.megapixels });
    throw errors.badRequest('uploadType');
  }
  const fields: Record<string, string> = {};
  for (const [name, f] of Object.entries(part.fields)) {
    const v = f && !Array.isArray(f) && 'value' in f ? f.value : undefined;
    if (typeof v === 'string') fields[name] = v;
  }
  return { image, fields };
}
