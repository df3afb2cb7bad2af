/** SQL of drone commands (table drone_commands, migration 0013). */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Database } from '../../platform/schema.ts';
import type { CommandState, CommandType, DroneCommand, SendCommand } from './types.ts';

const OPEN: CommandState[] = ['pending', 'sent'];
const LOCKING: CommandType[] = ['lock', 'unlock'];
/** The reason of a lock or unlock replaced by a newer one before the drone answered. */
export const SUPERSEDED = 'superseded';

const COLUMNS = [
  'id',
  'drone_id',
  'type',
  'payload',
  'state',
  'reason',
  'attempts',
  'by_user_id',
  'created_at',
  'sent_at',
  'answered_at',
] as const;

type Row = {
  id: number;
  drone_id: string;
  type: string;
  payload: Record<string, unknown>;
  state: string;
  reason: string | null;
  attempts: number;
  by_user_id: number | null;
  created_at: Date;
  sent_at: Date | null;
  answered_at: Date | null;
};

export function toCommand(r: Row): DroneCommand {
  return {
    id: Number(r.id),
    droneId: r.drone_id,
    type: r.type as CommandType,
    payload: r.payload ?? {},
    state: r.state as CommandState,
    reason: r.reason,
    createdAt: r.created_at.getTime(),
    sentAt: r.sent_at ? r.sent_at.getTime() : null,
    answeredAt: r.answered_at ? r.answered_at.getTime() : null,
    byUserId: r.by_user_id,
    attempts: r.attempts,
  };
}

/**
 * A command (alias c) created while `accountId` owned or leased its drone: inside one of its
 * ownership periods (valid_from inclusive, valid_to exclusive).
 */
const inOwnership =
  (accountId: number) =>
  ({ exists, selectFrom }: ExpressionBuilder<Database & { c: Database['drone_commands'] }, 'c'>) =>
    exists(
      selectFrom('drone_ownerships as o')
        .select('o.id')
        .whereRef('o.drone_id', '=', 'c.drone_id')
        .where('o.yy_account_id', '=', accountId)
        .whereRef('o.valid_from', '<=', 'c.created_at')
        .where((eb) => eb.or([eb('o.valid_to', 'is', null), eb('o.valid_to', '>', eb.ref('c.created_at'))])),
    );

export function createCommandsRepo(db: Db) {
  /** Inserts the command; a lock or unlock first supersedes the drone's open lock and unlock. */
  async function insert(input: SendCommand, trx: Kysely<Database> = db): Promise<DroneCommand> {
    if (LOCKING.includes(input.type)) {
      await trx
        .updateTable('drone_commands')
        .set({ state: 'failed', reason: SUPERSEDED, answered_at: new Date() })
        .where('drone_id', '=', input.droneId)
        .where('type', 'in', LOCKING)
        .where('state', 'in', OPEN)
        .execute();
    }
    const row = await trx
      .insertInto('drone_commands')
      .values({
        drone_id: input.droneId,
        type: input.type,
        payload: JSON.stringify(input.payload ?? {}),
        by_user_id: input.byUserId ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toCommand(row);
  }

  return {
    insert,

    async byId(id: number): Promise<DroneCommand | null> {
      const row = await db
        .selectFrom('drone_commands')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toCommand(row) : null;
    },

    /** A drone's unanswered commands (pending or sent), oldest first: the order they are (re)sent in. */
    async openOf(droneId: string): Promise<DroneCommand[]> {
      const rows = await db
        .selectFrom('drone_commands')
        .select(COLUMNS)
        .where('drone_id', '=', droneId)
        .where('state', 'in', OPEN)
        .orderBy('id')
        .execute();
      return rows.map(toCommand);
    },

    /** Pending commands of every drone, oldest first (after a reconnect of the notices). */
    async pending(afterId: number, limit: number): Promise<DroneCommand[]> {
      const rows = await db
        .selectFrom('drone_commands')
        .select(COLUMNS)
        .where('state', '=', 'pending')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toCommand);
    },

    /** Drones with unanswered commands. */
    async dronesWithOpen(): Promise<string[]> {
      const rows = await db
        .selectFrom('drone_commands')
        .select('drone_id')
        .distinct()
        .where('state', 'in', OPEN)
        .execute();
      return rows.map((r) => r.drone_id);
    },

    /**
     * Handed to the drone at `at` (taken before publishing: its answer may be stored first): pending
     * becomes sent, any other state stays; sent_at is the latest hand-over; each counts an attempt.
     */
    async markSent(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('drone_commands')
        .set((eb) => ({
          state: sql<string>`CASE WHEN state = 'pending' THEN 'sent' ELSE state END`,
          sent_at: at,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * The drone's answer. Moves forward only: an unanswered (or timed-out) command takes any answer,
     * an acknowledged one takes acknowledged again (a newer progress), done or failed; done, failed
     * and superseded commands keep their state. The command must be the drone's. Returns the command when it changed.
     */
    async answer(
      droneId: string,
      id: number,
      state: 'acknowledged' | 'done' | 'failed',
      reason: string | null,
    ): Promise<DroneCommand | null> {
      // An acknowledged command takes acknowledged again (a plan's progress while it is flown).
      const from: CommandState[] = ['pending', 'sent', 'timedOut', 'acknowledged'];
      const row = await db
        .updateTable('drone_commands')
        .set({ state, reason, answered_at: new Date() })
        .where('id', '=', id)
        .where('drone_id', '=', droneId)
        .where('state', 'in', from)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toCommand(row) : null;
    },

    /** Unanswered commands created before `before` become timedOut. Returns how many. */
    async timeOut(before: Date, reason: string): Promise<number> {
      const r = await db
        .updateTable('drone_commands')
        .set({ state: 'timedOut', reason })
        .where('state', 'in', OPEN)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** The newest command of each drone among `types`; with `ownedBy`, among those of its ownership periods. */
    async latest(
      droneIds: readonly string[],
      types?: readonly CommandType[],
      ownedBy?: number,
    ): Promise<DroneCommand[]> {
      if (droneIds.length === 0) return [];
      let q = db
        .selectFrom('drone_commands as c')
        .select(COLUMNS.map((c) => `c.${c}` as const))
        .distinctOn('c.drone_id')
        .where('c.drone_id', 'in', [...droneIds]);
      if (types && types.length > 0) q = q.where('c.type', 'in', [...types]);
      if (ownedBy !== undefined) q = q.where(inOwnership(ownedBy));
      const rows = await q.orderBy('c.drone_id').orderBy('c.id', 'desc').execute();
      return rows.map(toCommand);
    },

    /**
     * A drone's commands, newest first. With `ownedBy`, only those created while that account owned
     * (or leased) the drone: inside one of its ownership periods (drone_ownerships, valid_from
     * inclusive, valid_to exclusive), as its sorties are its own.
     */
    async list(droneId: string, limit: number, ownedBy?: number): Promise<DroneCommand[]> {
      let q = db
        .selectFrom('drone_commands as c')
        .select(COLUMNS.map((c) => `c.${c}` as const))
        .where('c.drone_id', '=', droneId);
      if (ownedBy !== undefined) q = q.where(inOwnership(ownedBy));
      const rows = await q.orderBy('c.id', 'desc').limit(limit).execute();
      return rows.map(toCommand);
    },

    /**
     * The lock the registry holds for the drone (drones.locked), as a command to (re)send: its
     * latest lock when that is the newest lock or unlock; a new lock when it has none (or its newest
     * is an unlock). Null when the drone is not locked or a lock or unlock is already on its way.
     * The drone's row is locked meanwhile, so a lock or unlock being written waits or is seen.
     */
    async registryLock(droneId: string): Promise<{ command: DroneCommand; fresh: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const drone = await trx
          .selectFrom('drones')
          .select('locked')
          .where('drone_id', '=', droneId)
          .forUpdate()
          .executeTakeFirst();
        if (!drone?.locked) return null;
        const last = await trx
          .selectFrom('drone_commands')
          .select(COLUMNS)
          .where('drone_id', '=', droneId)
          .where('type', 'in', LOCKING)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last && OPEN.includes(last.state as CommandState)) return null;
        if (last?.type === 'lock') return { command: toCommand(last), fresh: false };
        const command = await insert({ droneId, type: 'lock' }, trx); // `{}` (docs/api.md "Commands")
        return { command, fresh: true };
      });
    },
  };
}
export type CommandsRepo = ReturnType<typeof createCommandsRepo>;
