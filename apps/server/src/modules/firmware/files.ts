/**
 * Firmware bytes on disk, under DATA_DIR/firmware:
 *
 *   files/<storage id>.bin   a stored plain firmware or image (firmware_files.storage_id, a UUID the
 *                            console makes; the client's file name never reaches the file system)
 *   tmp/<uuid>.part          an upload being received or checked (verifyfw and verifylog uploads
 *                            live only here, for the request)
 *
 * A file and its row change together: a file made for a request is removed again when the request
 * fails (its transaction rolled back), a file whose row the request deleted or replaced is removed
 * once the request succeeded (its transaction committed before the answer was sent), and the
 * request's temp files in any case, through its FileChanges (settled by the routes' onResponse
 * hook, firmware.routes.ts). A process that stops in between
 * leaves a file no row names: `sweep` removes such files and stale temp files once they are an hour
 * old, at start and every hour.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../platform/db.ts';

/** Files younger than this are never swept (a request may still be writing or committing them). */
export const SWEEP_MIN_AGE_MS = 3600_000;
export const SWEEP_EVERY_MS = 3600_000;
const STORED_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.bin$/;

/** What a request did to stored files, settled when it is answered. */
export interface FileChanges {
  /** Temp files of the request: removed when it is answered. */
  temp: string[];
  /** Made for this request: removed unless the request succeeded. */
  created: string[];
  /** No longer named by a row after this request: removed once it succeeded. */
  dropped: string[];
}

export function createFirmwareStore(dataDir: string) {
  const root = join(dataDir, 'firmware');
  const filesDir = join(root, 'files');
  const tmpDir = join(root, 'tmp');
  const pathOf = (storageId: string) => join(filesDir, `${storageId}.bin`);

  async function sweepDir(dir: string, keep: (names: string[]) => Promise<Set<string>>, now: number) {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    const old: string[] = [];
    for (const name of names) {
      const s = await stat(join(dir, name)).catch(() => null);
      if (s?.isFile() && now - s.mtimeMs > SWEEP_MIN_AGE_MS) old.push(name);
    }
    const kept = await keep(old);
    let removed = 0;
    for (const name of old)
      if (!kept.has(name)) {
        await rm(join(dir, name), { force: true });
        removed += 1;
      }
    return removed;
  }

  return {
    tmpDir,
    pathOf,

    /** A new stored file's id and path (the folder made when missing). */
    async newFile(): Promise<{ storageId: string; path: string }> {
      await mkdir(filesDir, { recursive: true });
      const storageId = randomUUID();
      return { storageId, path: pathOf(storageId) };
    },

    /** A temp file's path in tmp/ (the folder made when missing). */
    async tempFile(): Promise<string> {
      await mkdir(tmpDir, { recursive: true });
      return join(tmpDir, `${randomUUID()}.part`);
    },

    /** Moves a checked temp file into files/ under a new storage id. */
    async adopt(tempPath: string): Promise<{ storageId: string; path: string }> {
      const file = await this.newFile();
      await rename(tempPath, file.path);
      return file;
    },

    remove: (path: string) => rm(path, { force: true }),

    /** Settles a request's changes: temp files always, the others by whether it succeeded. */
    async settle(changes: FileChanges, succeeded: boolean): Promise<void> {
      const gone = [...changes.temp, ...(succeeded ? changes.dropped : changes.created)];
      changes.temp = [];
      changes.created = [];
      changes.dropped = [];
      await Promise.all(gone.map((p) => rm(p, { force: true })));
    },

    /** Removes stored files that no row names and temp files, an hour after they were last written. */
    async sweep(db: Db, now = Date.now()): Promise<number> {
      const named = async (names: string[]) => {
        const ids = names.map((n) => STORED_RE.exec(n)?.[1]).filter((x): x is string => !!x);
        if (ids.length === 0) return new Set<string>();
        const rows = await db
          .selectFrom('firmware_files')
          .select('storage_id')
          .where('storage_id', 'in', ids)
          .execute();
        return new Set(rows.map((r) => `${r.storage_id}.bin`));
      };
      return (
        (await sweepDir(filesDir, named, now)) + (await sweepDir(tmpDir, async () => new Set<string>(), now))
      );
    },
  };
}
export type FirmwareStore = ReturnType<typeof createFirmwareStore>;
