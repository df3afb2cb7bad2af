/** The signed-in user's own data, and image upload: /api/user/... */
import {
  fileParams,
  fileQuery,
  ok as okSchema,
  profileUpdateBody,
  uploadResult,
  userInfo,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { errors } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { Routes } from '../../platform/routes.ts';
import type { Storage } from '../../platform/storage.ts';
import { readImageUpload } from '../../platform/upload.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['user'];
/** Uploads without sign-in (registration: a licence and a logo), per address. */
export const UPLOAD_ANONYMOUS = { limit: 10, windowSeconds: 3600 };
/** Uploads of a signed-in user. */
export const UPLOAD_SIGNED_IN = { limit: 60, windowSeconds: 600 };
/** All uploads from one address. */
export const UPLOAD_PER_ADDRESS = { limit: 120, windowSeconds: 600 };

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
        summary: 'Update own name, avatar (an image the caller uploaded) and password',
        body: profileUpdateBody,
        response: { 200: okSchema(userInfo) },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      // The avatar is one of the caller's own uploads (POST user/upload), nothing else.
      if (!(await storage.isOwnImage(req.body.userHeadUrl, caller.user.id)))
        throw errors.badRequest('avatarNotOwn');
      return ok(req, await profile.update(caller, req.body));
    },
  );

  // Registration uploads the licence and logo before an account exists, so a caller who is not
  // signed in may upload too, but less: UPLOAD_ANONYMOUS per address, and what no record uses is
  // swept after a day (storage.ts). A signed-in caller is recorded as the uploader.
  app.post(
    '/api/user/upload',
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary:
          'Upload a JPEG or PNG image (multipart field "file"); without sign-in only for registration, rate-limited',
        response: { 200: okSchema(uploadResult) },
      },
    },
    async (req) => {
      const userId = req.caller?.user.id ?? null;
      if (userId === null) await limiter.hit(`upload-anon:${req.ip}`, UPLOAD_ANONYMOUS);
      else await limiter.hit(`upload-user:${userId}`, UPLOAD_SIGNED_IN);
      await limiter.hit(`upload-ip:${req.ip}`, UPLOAD_PER_ADDRESS);
      const { image } = await readImageUpload(req, uploadMaxBytes);
      const url = await storage.saveImage(image, { userId, kind: 'image' });
      return ok(req, { url });
    },
  );

  app.get(
    '/api/files/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An uploaded image; a drone's picture only on the signed URL its history call gave",
        params: fileParams,
        querystring: fileQuery,
      },
    },
    async (req, reply) => {
      const file = await storage.read(req.params.name, req.query);
      if (!file) throw errors.notFound();
      return reply
        .header(
          'cache-control',
          file.kind === 'picture' ? 'private, max-age=3600' : 'public, max-age=31536000, immutable',
        )
        .header('x-content-type-options', 'nosniff')
        .type(file.mime)
        .send(file.body);
    },
  );
};
