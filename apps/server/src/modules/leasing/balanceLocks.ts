/**
 * Balance locks (issue 13 "Low balance"): after anything that moves a client's balance or its set
 * of leased drones, `settle` compares the balance with the client's credit limit. Below
 * −creditLimit, every drone on an active lease of the client that is not locked is locked through
 * the fleet registry's lock command (drones.locked, lock_reason 'balance', the 'lock' command);
 * at or above it, the drones leasing locked are unlocked. A drone a person locked (lock_reason
 * null) is never touched. Each change is a lease_locks row (the client's bill) and a system-log row
 * for the lessor and for the client, all in the caller's transaction: they exist only with the
 * posting that caused them. Clients in debugging (status 0) are never locked.
 *
 * Lock order (README "Concurrency"): the client row first (`lockClient`), then its drones in
 * drone_id order, FOR NO KEY UPDATE (a telemetry flush's sortie insert holds KEY SHARE on a drone and
 * then waits for the client: FOR UPDATE here would close that cycle).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Audit } from '../../platform/audit.ts';
import type { Database } from '../../platform/schema.ts';
import type { Commands } from '../../telemetry/commands/types.ts';
import { balanceOf, lockClient } from './ledger.ts';

export const BALANCE_LOCK = 'balance';

export interface LockDeps {
  commands: Commands;
  audit: Audit;
}

export interface Settled {
  balanceMinor: number;
  locked: string[];
  unlocked: string[];
}

export async function settle(
  trx: Kysely<Database>,
  deps: LockDeps,
  clientId: number,
  cause: string,
): Promise<Settled> {
  const client = await lockClient(trx, clientId);
  if (!client) return { balanceMinor: 0, locked: [], unlocked: [] };
  const balance = await balanceOf(trx, clientId);
  const short = client.active_status !== 0 && balance < -client.credit_limit_minor;
  const drones = await sql<{ drone_id: string; locked: boolean; lock_reason: string | null }>`
    SELECT d.drone_id, d.locked, d.lock_reason FROM leases l JOIN drones d ON d.drone_id = l.drone_id
    WHERE l.client_id = ${clientId} AND l.status = 1 ORDER BY d.drone_id FOR NO KEY UPDATE OF d`.execute(trx);
  const targets = drones.rows
    .filter((d) => (short ? !d.locked : d.locked && d.lock_reason === BALANCE_LOCK))
    .map((d) => d.drone_id);
  if (!targets.length) return { balanceMinor: balance, locked: [], unlocked: [] };
  await setLocks(trx, deps, targets, short);
  const currency = client.currency.trim();
  await trx
    .insertInto('lease_locks')
    .values({
      client_id: clientId,
      locked: short,
      drone_ids: targets,
      balance_minor: balance,
      currency,
      cause,
    })
    .execute();
  for (const accountId of [client.manufacturer_account_id, client.client_account_id])
    await deps.audit.writeIn(trx, {
      actor: { accountId, userId: null },
      logType: 2,
      action: short ? 'leaseBalanceLock' : 'leaseBalanceUnlock',
      method: null,
      path: null,
      target: `clientId=${clientId}`,
      result: 200,
      ip: null,
      detail: {
        droneIds: targets,
        balanceMinor: balance,
        currency,
        creditLimitMinor: client.credit_limit_minor,
        cause,
      },
    });
  return short
    ? { balanceMinor: balance, locked: targets, unlocked: [] }
    : { balanceMinor: balance, locked: [], unlocked: targets };
}

/** Locks or unlocks drones for the balance and sends each its command (inside `trx`). */
export async function setLocks(trx: Kysely<Database>, deps: LockDeps, droneIds: string[], lock: boolean) {
  if (!droneIds.length) return;
  await trx
    .updateTable('drones')
    .set(
      lock
        ? { locked: true, lock_reason: BALANCE_LOCK, lock_password_hash: null, locked_at: new Date() }
        : { locked: false, lock_reason: null, lock_password_hash: null, locked_at: new Date() },
    )
    .where('drone_id', 'in', droneIds)
    .execute();
  for (const droneId of droneIds) await deps.commands.send({ droneId, type: lock ? 'lock' : 'unlock' }, trx);
}

/** A drone leaving its lease (returned, cancelled) is released from a balance lock. */
export async function releaseDrone(trx: Kysely<Database>, deps: LockDeps, droneId: string) {
  const d = await trx
    .selectFrom('drones')
    .select(['locked', 'lock_reason'])
    .where('drone_id', '=', droneId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (d?.locked && d.lock_reason === BALANCE_LOCK) await setLocks(trx, deps, [droneId], false);
}
