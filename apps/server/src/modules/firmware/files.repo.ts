/**
 * Firmware files and remote-controller statements in SQL. Every function takes the tenant (the
 * caller's account): another account's file is not found. A name is matched whatever its case.
 * Writes that count against the account's file limit lock the account row first (keys.repo.ts
 * `lockAccount`), then count and write.
 */
import type { FirmwareListQuery, FirmwareType, SignrcListQuery } from '@agrifleet/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { lockAccount } from './keys.repo.ts';

export interface NewFile {
  accountId: number;
  type: FirmwareType;
  fileName: string;
  storageId: string;
  modelId: number;
  version: string;
  size: number;
  sha256: string;
  userId: number;
  format?: 'bin' | 'hex';
  image?: { keyId: string; digest: string; deviceKeyId: string; sourceFileName: string };
}

export interface FileRow {
  file_name: string;
  storage_id: string;
  model_id: number;
  model_name: string;
  version: string;
  size: number;
  sha256: string;
  format: 'bin' | 'hex' | null;
  key_id: string | null;
  key_revoked: boolean;
  digest: string | null;
  device_key_id: string | null;
  source_file_name: string | null;
  created_at: Date;
  created_by: string | null;
}

const values = (f: NewFile) => ({
  account_id: f.accountId,
  firmware_type: f.type,
  file_name: f.fileName,
  storage_id: f.storageId,
  model_id: f.modelId,
  version: f.version,
  size: f.size,
  sha256: f.sha256,
  format: f.format ?? null,
  key_id: f.image?.keyId ?? null,
  digest: f.image?.digest ?? null,
  device_key_id: f.image?.deviceKeyId ?? null,
  source_file_name: f.image?.sourceFileName ?? null,
  created_by: f.userId,
  created_at: new Date(),
});

const isUnique = (err: unknown) => (err as { code?: string }).code === '23505';

export function createFilesRepo(db: Db) {
  const base = (accountId: number, type: FirmwareType) =>
    db
      .selectFrom('firmware_files as f')
      .innerJoin('drone_models as m', 'm.id', 'f.model_id')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .leftJoin('firmware_keys as k', 'k.key_id', 'f.key_id')
      .select([
        'f.file_name',
        'f.storage_id',
        'f.model_id',
        'm.model_name',
        'f.version',
        sql<number>`f.size`.as('size'),
        'f.sha256',
        'f.format',
        'f.key_id',
        sql<boolean>`k.revoked_at IS NOT NULL`.as('key_revoked'),
        'f.digest',
        'f.device_key_id',
        'f.source_file_name',
        'f.created_at',
        'u.user_name as created_by',
      ])
      .where('f.account_id', '=', accountId)
      .where('f.firmware_type', '=', type);

  async function count(trx: Db, accountId: number) {
    const { n } = await trx
      .selectFrom('firmware_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  return {
    /** Stores a new file's row: 'limit' (the account holds `max` files), 'taken' (the name is), or 'done'. */
    async insert(f: NewFile, max: number): Promise<'limit' | 'taken' | 'done'> {
      try {
        return await db.transaction().execute(async (trx) => {
          await lockAccount(trx, f.accountId);
          if ((await count(trx, f.accountId)) >= max) return 'limit';
          await trx.insertInto('firmware_files').values(values(f)).execute();
          return 'done';
        });
      } catch (err) {
        if (isUnique(err)) return 'taken';
        throw err;
      }
    },

    /**
     * Stores an image's row, replacing the image of the same name (its file is then `dropped`):
     * 'limit' when it is new and the account holds `max` files.
     */
    async putImage(f: NewFile, max: number): Promise<'limit' | { dropped: string | null }> {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, f.accountId);
        const old = await trx
          .selectFrom('firmware_files')
          .select(['id', 'storage_id'])
          .where('account_id', '=', f.accountId)
          .where('firmware_type', '=', f.type)
          .where(sql<boolean>`lower(file_name) = lower(${f.fileName})`)
          .executeTakeFirst();
        if (old) {
          await trx.updateTable('firmware_files').set(values(f)).where('id', '=', old.id).execute();
          return { dropped: old.storage_id };
        }
        if ((await count(trx, f.accountId)) >= max) return 'limit';
        await trx.insertInto('firmware_files').values(values(f)).execute();
        return { dropped: null };
      });
    },

    async list(accountId: number, type: FirmwareType, q: FirmwareListQuery) {
      let query = base(accountId, type);
      if (q.modelId !== undefined) query = query.where('f.model_id', '=', q.modelId);
      const [records, total] = await Promise.all([
        query
          .orderBy('f.created_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        db
          .selectFrom('firmware_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('account_id', '=', accountId)
          .where('firmware_type', '=', type)
          .$if(q.modelId !== undefined, (w) => w.where('model_id', '=', q.modelId as number))
          .executeTakeFirstOrThrow(),
      ]);
      return { records: records as FileRow[], total: Number(total.n) };
    },

    file: (accountId: number, type: FirmwareType, fileName: string) =>
      base(accountId, type)
        .where(sql<boolean>`lower(f.file_name) = lower(${fileName})`)
        .executeTakeFirst() as Promise<FileRow | undefined>,

    /** Deletes the file's row; answers its storage id (null: no such file of the account). */
    remove: (accountId: number, type: FirmwareType, fileName: string) =>
      db
        .deleteFrom('firmware_files')
        .where('account_id', '=', accountId)
        .where('firmware_type', '=', type)
        .where(sql<boolean>`lower(file_name) = lower(${fileName})`)
        .returning('storage_id')
        .executeTakeFirst()
        .then((r) => r?.storage_id ?? null),

    /** Stores the account's latest statement for a remote controller (an earlier one is replaced). */
    putRc: (s: {
      accountId: number;
      rcid: string;
      keyId: string;
      time: number;
      sig: string;
      userId: number;
    }) =>
      db
        .insertInto('firmware_rc_bindings')
        .values({
          account_id: s.accountId,
          rcid: s.rcid,
          key_id: s.keyId,
          time_ms: s.time,
          sig: s.sig,
          created_by: s.userId,
        })
        .onConflict((oc) =>
          oc.columns(['account_id', 'rcid']).doUpdateSet({
            key_id: s.keyId,
            time_ms: s.time,
            sig: s.sig,
            created_by: s.userId,
            created_at: sql`now()`,
          }),
        )
        .execute(),

    async listRc(accountId: number, q: SignrcListQuery) {
      let query = db.selectFrom('firmware_rc_bindings').where('account_id', '=', accountId);
      if (q.rcid !== undefined) query = query.where('rcid', '=', q.rcid);
      const [rows, total] = await Promise.all([
        query
          .select(['rcid', 'account_id', 'key_id', 'time_ms', 'sig'])
          .orderBy('time_ms', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        records: rows.map((r) => ({
          rcid: r.rcid,
          accountId: r.account_id,
          keyId: r.key_id,
          time: Number(r.time_ms),
          sig: r.sig,
        })),
        total: Number(total.n),
      };
    },
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
