/** Uploaded images on disk under <dataDir>/uploads, judged by content (JPEG or PNG only). */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.ts';

export type ImageType = { mime: 'image/jpeg'; ext: 'jpg' } | { mime: 'image/png'; ext: 'png' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by magic bytes; null for anything else, whatever its name or declared type. */
export function sniffImage(buf: Buffer): ImageType | null {
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG)) return { mime: 'image/png', ext: 'png' };
  return null;
}

export const FILE_NAME_RE = /^[0-9a-f-]{36}\.(jpg|png)$/;

export function createStorage(db: Db, dataDir: string) {
  const dir = join(dataDir, 'uploads');
  return {
    async saveImage(buf: Buffer, type: ImageType, userId: number | null): Promise<string> {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const name = `${id}.${type.ext}`;
      await writeFile(join(dir, name), buf);
      await db
        .insertInto('uploads')
        .values({
          id,
          user_id: userId,
          mime: type.mime,
          size: buf.length,
          sha256: createHash('sha256').update(buf).digest('hex'),
        })
        .execute();
      return `/api/files/${name}`;
    },
    async read(name: string): Promise<{ body: Buffer; mime: string } | null> {
      if (!FILE_NAME_RE.test(name)) return null;
      try {
        const body = await readFile(join(dir, name));
        return { body, mime: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
      } catch {
        return null;
      }
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;
