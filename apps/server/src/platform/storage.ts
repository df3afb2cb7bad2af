/**
 * Uploaded images on disk under <dataDir>/uploads (issue 9, finding 17).
 *
 * - Accepted only when they parse as a whole JPEG or PNG, and stored rebuilt from the parts that
 *   draw them (images.ts); the name and the declared type count for nothing.
 * - Two kinds: 'image' (avatars, logos, business licences: served to anyone with the URL, as the
 *   sign-in page and the review screens show them) and 'picture' (a drone's working pictures, with
 *   their coordinates: served only on a URL signed by the history call that listed them, which
 *   applied the caller's scope; the signature expires after PICTURE_URL_TTL_MS).
 * - Swept: an upload that no record uses (an account's logo or licence, a user's avatar, an
 *   application's content, a drone picture) is deleted ORPHAN_AGE_MS after it was uploaded, by a
 *   sweep every SWEEP_EVERY_MS while the console runs.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db.ts';
import type { CheckedImage } from './images.ts';
import type { Leader } from './leader.ts';

export type ImageType = { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'image/png'; ext: 'png' };
export type UploadKind = 'image' | 'picture';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by magic bytes only (a first guess; checkImage decides what is accepted). */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG)) return { mime: 'image/png', ext: 'png' };
  return null;
}

export const FILE_NAME_RE = /^[0-9a-f-]{36}\.(jpg|png)$/;
/** A name saveImage gives: a UUID (as PostgreSQL writes it) and the type's extension. */
const UUID_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;
export const FILES_PATH = '/api/files/';
/** An unreferenced upload is kept this long (a registration uploads its licence before it is sent). */
export const ORPHAN_AGE_MS = 24 * 3600_000;
export const SWEEP_EVERY_MS = 3600_000;
/** How long a signed picture URL stays valid; URLs are signed for whole periods so they cache. */
export const PICTURE_URL_TTL_MS = 3600_000;

export interface StoredFile {
  body: Buffer;
  mime: string;
  kind: UploadKind;
}

export function createStorage(db: Db, dataDir: string, secret: string, now: () => number = Date.now) {
  const dir = join(dataDir, 'uploads');
  const key = createHash('sha256').update(`agrifleet-files:${secret}`).digest();
  const sign = (name: string, exp: number) =>
    createHmac('sha256', key).update(`${name}.${exp}`).digest('base64url');
  let timer: NodeJS.Timeout | null = null;

  async function sweep(): Promise<number> {
    const cutoff = new Date(now() - ORPHAN_AGE_MS);
    const url = sql<string>`${FILES_PATH} || u.id::text || CASE u.mime WHEN 'image/png' THEN '.png' ELSE '.jpg' END`;
    const rows = await db
      .deleteFrom('uploads as u')
      .where('u.created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('drone_pictures as p')
              .select(sql`1`.as('x'))
              .where('p.url', '=', url)
              .unionAll(
                selectFrom('accounts as a')
                  .select(sql`1`.as('x'))
                  .where((eb) =>
                    eb.or([
                      eb('a.logo_url', 'like', sql<string>`'%' || ${url}`),
                      eb('a.busi_license_url', 'like', sql<string>`'%' || ${url}`),
                    ]),
                  ),
              )
              .unionAll(
                selectFrom('users as us')
                  .select(sql`1`.as('x'))
                  .where('us.avatar_url', 'like', sql<string>`'%' || ${url}`),
              )
              .unionAll(
                selectFrom('account_applies as ap')
                  .select(sql`1`.as('x'))
                  .where(sql<boolean>`position(${url} in ap.payload::text) > 0`),
              ),
          ),
        ),
      )
      .returning(['u.id', 'u.mime'])
      .execute();
    for (const r of rows)
      await rm(join(dir, `${r.id}.${r.mime === 'image/png' ? 'png' : 'jpg'}`), { force: true });
    return rows.length;
  }

  return {
    /** Stores a checked image; returns its URL (/api/files/<uuid>.<ext>). */
    async saveImage(image: CheckedImage, opts: { userId: number | null; kind: UploadKind }): Promise<string> {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const name = `${id}.${image.type.ext}`;
      await writeFile(join(dir, name), image.body);
      await db
        .insertInto('uploads')
        .values({
          id,
          user_id: opts.userId,
          mime: image.type.mime,
          size: image.body.length,
          sha256: createHash('sha256').update(image.body).digest('hex'),
          kind: opts.kind,
        })
        .execute();
      return `${FILES_PATH}${name}`;
    },

    /**
     * Whether `url` is exactly the URL saveImage gave for an image this user uploaded (issue 20,
     * finding 15: an avatar may be only the caller's own upload, not another tenant's file, a
     * picture, a javascript:, data: or external URL).
     */
    async isOwnImage(url: string, userId: number): Promise<boolean> {
      const name = url.startsWith(FILES_PATH) ? url.slice(FILES_PATH.length) : '';
      if (!UUID_NAME_RE.test(name)) return false;
      const row = await db
        .selectFrom('uploads')
        .select('mime')
        .where('id', '=', name.slice(0, 36))
        .where('user_id', '=', userId)
        .where('kind', '=', 'image')
        .executeTakeFirst();
      return !!row && name.endsWith(row.mime === 'image/png' ? '.png' : '.jpg');
    },

    /** A stored picture URL with a signature that lets a browser's <img> load it for a while. */
    signedUrl(url: string): string {
      const name = url.startsWith(FILES_PATH) ? url.slice(FILES_PATH.length) : '';
      if (!FILE_NAME_RE.test(name)) return url;
      // Valid for one to two periods: the same URL for a whole period, so the browser caches it.
      const exp = (Math.floor(now() / PICTURE_URL_TTL_MS) + 2) * PICTURE_URL_TTL_MS;
      return `${url}?exp=${exp}&sig=${sign(name, exp)}`;
    },

    /** A stored file; a picture only with a valid, unexpired signature. */
    async read(name: string, signature: { exp?: string; sig?: string } = {}): Promise<StoredFile | null> {
      if (!FILE_NAME_RE.test(name)) return null;
      const row = await db
        .selectFrom('uploads')
        .select(['kind', 'mime'])
        .where('id', '=', name.slice(0, 36))
        .executeTakeFirst();
      if (!row || !name.endsWith(row.mime === 'image/png' ? '.png' : '.jpg')) return null;
      if (row.kind === 'picture') {
        const exp = Number(signature.exp);
        if (!Number.isSafeInteger(exp) || exp < now() || typeof signature.sig !== 'string') return null;
        const want = Buffer.from(sign(name, exp));
        const got = Buffer.from(signature.sig);
        if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      }
      try {
        return { body: await readFile(join(dir, name)), mime: row.mime, kind: row.kind as UploadKind };
      } catch {
        return null;
      }
    },

    /** Deletes uploads older than ORPHAN_AGE_MS that no record uses; returns how many. */
    sweep,

    /**
     * Sweeps now and every SWEEP_EVERY_MS until stop(); a failed sweep waits for the next. With a
     * leader, only while this process leads the cluster (DATA_DIR is shared storage in a cluster):
     * two sweeps at once during a hand-over are safe, as each row is deleted (and its file removed)
     * by the one DELETE ... RETURNING that got it.
     */
    start(log: { warn: (obj: object, msg: string) => void }, leader?: Pick<Leader, 'run'>) {
      const sweepLogged = () => sweep().catch((err) => log.warn({ err }, 'upload sweep failed'));
      const run = () => void (leader ? leader.run('upload sweep', sweepLogged) : sweepLogged());
      run();
      timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;
