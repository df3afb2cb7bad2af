/**
 * A drone leaving its lease (returned, cancelled): back to the operator it had before (its lessor
 * keeps a shared-leasing drone, model 5), released from a balance lock, ingest told. Runs in the
 * lease's transaction after the client and the lease are locked (README "Concurrency").
 */
import type { Kysely, Selectable } from 'kysely';
import { notify } from '../../platform/notify.ts';
import type { Database } from '../../platform/schema.ts';
import { DRONE_REGISTRY_CHANNEL } from '../../telemetry/ingest/droneDirectory.ts';
import { type LockDeps, releaseDrone } from './balanceLocks.ts';

type Trx = Kysely<Database>;
type Lease = Selectable<Database['leases']>;

/** Records who made the owner change on the ownership period the drones trigger just opened. */
export async function markOwnershipBy(trx: Trx, droneId: string, userId: number) {
  await trx
    .updateTable('drone_ownerships')
    .set({ by_user_id: userId })
    .where('drone_id', '=', droneId)
    .where('valid_to', 'is', null)
    .execute();
}

/** A drone row of a lease being made, locked (in drone_id order by the caller). */
export function lockDrone(trx: Trx, droneId: string) {
  return trx
    .selectFrom('drones')
    .select(['drone_id', 'zz_account_id', 'yy_account_id', 'activation_status', 'model_id'])
    .where('drone_id', '=', droneId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** The drone handed to its client: the client operates it (except in shared leasing, model 5); ingest told. */
export async function droneOut(
  trx: Trx,
  m: { droneId: string; leaseModel: number; to: number; from: number | null },
  userId: number,
) {
  const shared = m.leaseModel === 5;
  await trx
    .updateTable('drones')
    .set(shared ? { rental_model: m.leaseModel } : { rental_model: m.leaseModel, yy_account_id: m.to })
    .where('drone_id', '=', m.droneId)
    .execute();
  if (!shared && m.from !== m.to) await markOwnershipBy(trx, m.droneId, userId);
  await notify(trx, DRONE_REGISTRY_CHANNEL, m.droneId);
}

export async function droneBack(trx: Trx, deps: LockDeps, userId: number, lease: Lease) {
  await trx
    .selectFrom('drones')
    .select('drone_id')
    .where('drone_id', '=', lease.drone_id)
    .forNoKeyUpdate()
    .execute();
  const values =
    lease.lease_model === 5
      ? { rental_model: null }
      : { rental_model: null, yy_account_id: lease.previous_yy_account_id };
  await trx.updateTable('drones').set(values).where('drone_id', '=', lease.drone_id).execute();
  if (lease.lease_model !== 5) await markOwnershipBy(trx, lease.drone_id, userId);
  await releaseDrone(trx, deps, lease.drone_id);
  await notify(trx, DRONE_REGISTRY_CHANNEL, lease.drone_id);
}
