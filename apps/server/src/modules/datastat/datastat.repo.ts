/**
 * Stat items (migration 0008) and the names their figures show. Every item query takes the owning
 * account: an item of another account is not found, whatever its id.
 */
import {
  type AreaUnit,
  clampMillis,
  type DatastatGroup,
  type DatastatMeasure,
  type StatItem,
  type StatSettings,
} from '@agrifleet/domain';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { StatItemsTable } from '../../platform/schema.stats.ts';

type ItemRow = Selectable<StatItemsTable> & { user_name: string | null };

/** A stored time in ms, clamped into the shared bound (items saved before it; never NaN or 5 digits). */
const ms = (d: Date | null) => (d ? clampMillis(d.getTime()) : null);
const date = (t: number | null | undefined) => (t == null ? null : new Date(t));

/** Settings -> columns (empty filters as NULL; the custom range only with periodType 1). */
function columns(s: StatSettings) {
  const custom = s.periodType === 1;
  return {
    name: s.name,
    period_type: s.periodType,
    start_time: custom ? date(s.startTime) : null,
    end_time: custom ? date(s.endTime) : null,
    region_code: s.region ?? null,
    tftz_type: s.tftzType ?? null,
    crop_id: s.cropId ?? null,
    med_id: s.medId ?? null,
    zz_account_id: s.zzAccountId ?? null,
    yy_account_id: s.yyAccountId ?? null,
    start_drone_id: s.startDroneId || null,
    end_drone_id: s.endDroneId || null,
    fly_model_id: s.flyModelId ?? null,
    task_ids: s.taskIds?.length ? s.taskIds : null,
    opr_id: s.oprId ?? null,
    area_unit: s.areaUnit,
    show_type: s.showType,
    refresh_fre: s.refreshFre,
    x: s.x,
    y: s.y,
    dimension: s.dimension ?? null,
    summary: s.summary,
  };
}

function toItem(r: ItemRow): StatItem {
  return {
    statId: r.stat_id,
    name: r.name,
    periodType: r.period_type,
    startTime: ms(r.start_time),
    endTime: ms(r.end_time),
    region: r.region_code,
    tftzType: r.tftz_type,
    cropId: r.crop_id,
    medId: r.med_id,
    zzAccountId: r.zz_account_id,
    yyAccountId: r.yy_account_id,
    startDroneId: r.start_drone_id,
    endDroneId: r.end_drone_id,
    flyModelId: r.fly_model_id,
    taskIds: r.task_ids,
    oprId: r.opr_id,
    areaUnit: r.area_unit as AreaUnit,
    showType: r.show_type,
    refreshFre: r.refresh_fre,
    x: r.x as DatastatGroup,
    y: r.y as DatastatMeasure,
    dimension: r.dimension as DatastatGroup | null,
    summary: r.summary,
    userId: r.user_id,
    userName: r.user_name,
    createdAt: r.created_at.getTime(),
    updatedAt: r.updated_at.getTime(),
  };
}

export function createDatastatRepo(db: Db) {
  const items = (accountId: number) =>
    db
      .selectFrom('stat_items as i')
      .leftJoin('users as u', 'u.id', 'i.user_id')
      .selectAll('i')
      .select('u.user_name')
      .where('i.account_id', '=', accountId);

  const find = async (accountId: number, statId: number) => {
    const row = await items(accountId).where('i.stat_id', '=', statId).executeTakeFirst();
    return row ? toItem(row) : null;
  };

  return {
    find,

    async page(accountId: number, q: { currentPage: number; pageSize: number; name?: string }) {
      let base = items(accountId);
      if (q.name) base = base.where('i.name', 'ilike', `%${q.name.replace(/[\\%_]/g, '\\$&')}%`);
      const [rows, count] = await Promise.all([
        base
          .orderBy('i.stat_id', 'desc')
          .limit(q.pageSize)
          .offset((q.currentPage - 1) * q.pageSize)
          .execute(),
        base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map(toItem), total: count.n, current: q.currentPage, size: q.pageSize };
    },

    async count(accountId: number): Promise<number> {
      const row = await db
        .selectFrom('stat_items')
        .where('account_id', '=', accountId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * Inserts the item unless the account already has `max`: the account's row is locked (FOR
     * UPDATE) while it counts and inserts, so parallel creations queue up and never pass the cap
     * (docs/concurrency.md). Null when the account is full.
     */
    async insert(accountId: number, userId: number, s: StatSettings, max: number): Promise<StatItem | null> {
      const statId = await db.transaction().execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
        const { n } = await trx
          .selectFrom('stat_items')
          .where('account_id', '=', accountId)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        if (n >= max) return null;
        const row = await trx
          .insertInto('stat_items')
          .values({ account_id: accountId, user_id: userId, ...columns(s) })
          .returning('stat_id')
          .executeTakeFirstOrThrow();
        return row.stat_id;
      });
      return statId === null ? null : ((await find(accountId, statId)) as StatItem);
    },

    async update(accountId: number, statId: number, s: StatSettings): Promise<StatItem | null> {
      const res = await db
        .updateTable('stat_items')
        .set({ ...columns(s), updated_at: sql<Date>`now()` })
        .where('stat_id', '=', statId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n ? find(accountId, statId) : null;
    },

    async remove(accountId: number, statId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('stat_items')
        .where('stat_id', '=', statId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },

    /** Items per showType, how many refresh by themselves, and the five changed last. */
    async summary(accountId: number) {
      const [byShowType, recent] = await Promise.all([
        db
          .selectFrom('stat_items')
          .where('account_id', '=', accountId)
          .groupBy('show_type')
          .select([
            'show_type',
            sql<number>`count(*)::int`.as('n'),
            sql<number>`count(*) FILTER (WHERE refresh_fre > 0)::int`.as('auto'),
          ])
          .execute(),
        db
          .selectFrom('stat_items')
          .where('account_id', '=', accountId)
          .orderBy('updated_at', 'desc')
          .orderBy('stat_id', 'desc')
          .limit(5)
          .select(['stat_id', 'name', 'show_type', 'updated_at'])
          .execute(),
      ]);
      return {
        byShowType: Object.fromEntries(byShowType.map((r) => [String(r.show_type), r.n])),
        itemCount: byShowType.reduce((n, r) => n + r.n, 0),
        autoRefreshCount: byShowType.reduce((n, r) => n + r.auto, 0),
        recent: recent.map((r) => ({
          statId: r.stat_id,
          name: r.name,
          showType: r.show_type,
          updatedAt: r.updated_at.getTime(),
        })),
      };
    },

    /** Names of the keys of a group that has a registry (drones, users, models, accounts). */
    async names(group: DatastatGroup, keys: string[]): Promise<Map<string, string>> {
      const numeric = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
      let rows: Array<{ k: string; name: string }> = [];
      if (group === 'drone' && keys.length)
        rows = await db
          .selectFrom('drones')
          .where('drone_id', 'in', keys)
          .select(['drone_id as k', 'drone_name as name'])
          .execute();
      else if (group === 'pilot' && numeric.length)
        rows = await db
          .selectFrom('users')
          .where('id', 'in', numeric)
          .select([sql<string>`id::text`.as('k'), 'user_name as name'])
          .execute();
      else if (group === 'model' && numeric.length)
        rows = await db
          .selectFrom('drone_models')
          .where('id', 'in', numeric)
          .select([sql<string>`id::text`.as('k'), 'model_name as name'])
          .execute();
      else if ((group === 'manufacturer' || group === 'operator') && numeric.length)
        rows = await db
          .selectFrom('accounts')
          .where('id', 'in', numeric)
          .select([sql<string>`id::text`.as('k'), 'account_name as name'])
          .execute();
      return new Map(rows.map((r) => [r.k, r.name]));
    },
  };
}

export type DatastatRepo = ReturnType<typeof createDatastatRepo>;
