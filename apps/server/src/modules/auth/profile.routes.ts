/** The signed-in user's own data, and image upload: /api/user/... */
import { ok as okSchema, profileUpdateBody, uploadResult, userInfo } from '@agrifleet/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { Routes } from '../../platform/routes.ts';
import { type Storage, sniffImage } from '../../platform/storage.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['user'];

export const profileRoutes: Routes<{
  profile: ProfileService;
  storage: Storage;
  limiter: RateLimiter;
  uploadMaxBytes: number;
}> = async (app, { profile, storage, limiter, uploadMaxBytes }) => {
  app.get(
    '/api/user/info',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Own user info', response: { 200: okSchema(userInfo) } },
    },
    async (req) => ok(req, await profile.info(callerOf(req))),
  );

  app.put(
    '/api/user/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update own name, avatar and password',
        body: profileUpdateBody,
        response: { 200: okSchema(userInfo) },
      },
    },
    async (req) => ok(req, await profile.update(callerOf(req), req.body)),
  );

  // Public: registration uploads the licence and logo before an account exists; a signed-in
  // caller is recorded as the uploader.
  app.post(
    '/api/user/upload',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Upload a JPEG or PNG image (multipart field "file")',
        response: { 200: okSchema(uploadResult) },
      },
    },
    async (req) => {
      limiter.hit(`upload-ip:${req.ip}`, { limit: 60, windowSeconds: 600 });
      if (!req.isMultipart()) throw errors.badRequest('uploadMissing');
      const part = await req.file({ limits: { fileSize: uploadMaxBytes, files: 1 } });
      if (part?.fieldname !== 'file') throw errors.badRequest('uploadMissing');
      const buf = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw errors.badRequest('uploadTooLarge', { size: formatBytes(uploadMaxBytes) });
        throw err;
      });
      const type = sniffImage(buf);
      if (!type) throw errors.badRequest('uploadType');
      const url = await storage.saveImage(buf, type, req.caller?.user.id ?? null);
      return ok(req, { url });
    },
  );

  app.get(
    '/api/files/:name',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'An uploaded image', params: z.object({ name: z.string().max(64) }) },
    },
    async (req, reply) => {
      const file = await storage.read(req.params.name);
      if (!file) throw errors.notFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(file.mime)
        .send(file.body);
    },
  );
};

/** 5242880 -> "5 MB", 1000 -> "1000 B". */
function formatBytes(n: number): string {
  if (n >= 1048576) return `${+(n / 1048576).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
