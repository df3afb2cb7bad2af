/**
 * Leases (002 §5, README "Leases"): a lessor leases its drones to an activated client (one that
 * consented with its administrator's code; debugging and unactivated clients are leased nothing). One transaction per request: each drone row is locked, checked, leased (the drone's
 * operator becomes the client, except in shared leasing, model 5), its history written, ingest told
 * (DRONE_REGISTRY_CHANNEL), and the client's balance locks settled. A return or a cancel gives the
 * drone back to its previous operator and releases a balance lock; a cancel (no billed sortie)
 * reverses the daily fees charged with correction postings. Another lessor's lease is 404.
 */
import {
  type AddRentalBody,
  CHARGE_KINDS,
  CLIENT_STATUS,
  ErrorCode,
  formatDate,
  LEASE_RETURN_AHEAD_MS,
  LEASE_START_AHEAD_MS,
  LEASE_START_BACK_MS,
  LEASE_STATUS,
  LEDGER_KINDS,
  type RentalListQuery,
  toMinor,
  type UpdateDroneRentalBody,
} from '@agrifleet/domain';
import type { Kysely } from 'kysely';
import type { Audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { retryTx } from '../../platform/retryTx.ts';
import type { Database } from '../../platform/schema.ts';
import type { Commands } from '../../telemetry/commands/types.ts';
import { settle } from './balanceLocks.ts';
import { CLIENT_LOG, type ClientLogEntry, logToClient } from './clientLog.ts';
import type { ClientsRepo } from './clients.repo.ts';
import type { Lessor } from './clients.service.ts';
import { droneBack, droneOut, lockDrone } from './leaseDrones.ts';
import { addToLeaseStats } from './leaseStats.ts';
import type { LeasesRepo } from './leases.repo.ts';
import { lockClient, postToLessor } from './ledger.ts';
import { clientFor } from './side.ts';

type Trx = Kysely<Database>;

export interface LeaseLessor extends Lessor {
  /** The lessor account's lease model (1, 2, 3, 5). */
  leaseModel: number | null;
}

/** The lease models a lessor may use: model 3 ("all") allows 1, 2 and 3. */
export const leaseModelsFor = (m: number | null): number[] => (m === 3 ? [1, 2, 3] : m === null ? [] : [m]);

const conflict = (
  key: 'leaseDroneLeased' | 'leaseNotActive' | 'leaseHasSorties' | 'leaseClientNotActive',
  params = {},
) => new AppError(409, ErrorCode.conflict, key, params);

export function createLeasesService(d: {
  db: Db;
  repo: LeasesRepo;
  clients: ClientsRepo;
  commands: Commands;
  audit: Audit;
  onlineWindowMs: number;
  /** The statistics time zone of the rollups (config.statTimeZone). */
  timeZone: string;
}) {
  const lockDeps = { commands: d.commands, audit: d.audit };

  /** The lessor's client row of a client account (404 otherwise), with its prices. */
  async function clientOf(l: Lessor, accountId: number) {
    const ref = await clientFor(
      d.db,
      { kind: 'lessor', accountId: l.accountId, userId: l.userId },
      { accountId },
    );
    const row = await d.db
      .selectFrom('lease_clients')
      .select(['mu_price_minor', 'hour_price_minor'])
      .where('id', '=', ref.id)
      .executeTakeFirstOrThrow();
    return { ...ref, muPriceMinor: row.mu_price_minor, hourPriceMinor: row.hour_price_minor };
  }

  async function dailyFeeOf(trx: Trx, l: Lessor, modelId: number, currency: string) {
    const fee = await d.repo.basicDailyFee(trx, l.accountId, modelId, currency);
    if (fee === null)
      throw errors.badRequest('leaseNoBasicPrice', {
        modelName: await d.repo.modelName(trx, modelId),
        currency,
      });
    return fee;
  }

  /**
   * The lessor's lease, locked after its client (README "Concurrency": client, lease, drones, ledger),
   * and still leasing (409 otherwise): returns, cancels and price changes of one lease and the
   * charges of its client run one at a time, and each sees what the one before it committed.
   */
  async function activeLease(trx: Trx, l: Lessor, id: number) {
    const ref = await d.repo.clientOfLease(trx, l.accountId, id);
    if (!ref) throw errors.notFound();
    await lockClient(trx, ref.client_id);
    const lease = await d.repo.lockOwn(trx, l.accountId, id);
    if (!lease) throw errors.notFound();
    if (lease.status !== LEASE_STATUS.leasing) throw conflict('leaseNotActive');
    return lease;
  }

  /** The lease's client is told in its own log (clientLog.ts). */
  const tellClient = (trx: Trx, l: Lessor, e: Omit<ClientLogEntry, 'lessorAccountId' | 'lessorUserId'>) =>
    logToClient(trx, d.audit, { ...e, lessorAccountId: l.accountId, lessorUserId: l.userId });

  /** One transaction; a second active lease of a drone (leases_one_active_idx) is a 409 naming `droneIds`. */
  const inTrx = <T>(fn: (trx: Trx) => Promise<T>, droneIds: string[] = []) =>
    retryTx(d.db, fn).catch((err: unknown) => {
      if ((err as { code?: string }).code === '23505')
        throw conflict('leaseDroneLeased', { droneId: droneIds.join(', ') });
      throw err;
    });

  return {
    async list(l: Lessor, q: RentalListQuery) {
      const [page, stat] = await Promise.all([d.repo.list(l.accountId, q), d.clients.stat(l.accountId)]);
      return { ...page, current: q.pageIndex, size: q.size, stat };
    },

    leasable: (l: Lessor) => d.repo.leasable(l.accountId, d.onlineWindowMs),

    async add(l: LeaseLessor, b: AddRentalBody, now = Date.now()) {
      if (!leaseModelsFor(l.leaseModel).includes(b.leaseModel))
        throw errors.badRequest('leaseModelNotAllowed');
      const start = b.startTime ?? now;
      if (start < now - LEASE_START_BACK_MS || start > now + LEASE_START_AHEAD_MS)
        throw errors.badRequest('leaseStartOutOfRange');
      const client = await clientOf(l, b.accountId);
      const currency = client.currency;
      const mu = b.muUnitPrice === undefined ? client.muPriceMinor : toMinor(b.muUnitPrice, currency);
      const hour = b.durationPrice === undefined ? client.hourPriceMinor : toMinor(b.durationPrice, currency);
      // Drones are locked in drone_id order: two leases of overlapping drones never wait on each other in a cycle.
      const droneIds = [...new Set(b.droneIds)].sort();
      return inTrx(async (trx) => {
        // The client first, and its consent checked under that lock (an operator that has not given
        // its code, debugging ones included, is leased nothing).
        const locked = await lockClient(trx, client.id);
        if (locked?.active_status !== CLIENT_STATUS.activated) throw conflict('leaseClientNotActive');
        const ids: number[] = [];
        for (const droneId of droneIds) {
          // An unknown drone is refused here, not by leases_drone_id_fkey: Citus drops that key
          // (distribution.ts `pending`; test/citus.pendingKeys.test.ts).
          const drone = await lockDrone(trx, droneId);
          if (!drone || drone.zz_account_id !== l.accountId)
            throw errors.badRequest('leaseDroneNotLeasable', { droneId });
          const leased = await trx
            .selectFrom('leases')
            .select('id')
            .where('drone_id', '=', droneId)
            .where('status', '=', LEASE_STATUS.leasing)
            .executeTakeFirst();
          if (leased) throw conflict('leaseDroneLeased', { droneId });
          // A drone is with one client at a time: a lease dated back cannot start before the drone's
          // last return, or a sortie in between would be covered by two leases.
          const back = await d.repo.lastReturn(trx, droneId);
          if (back !== null && start < back)
            throw errors.badRequest('leaseStartBeforeReturn', {
              droneId,
              returnTime: formatDate(back, 'YYYY-MM-DD HH:mm:ss', d.timeZone),
            });
          const yy = drone.yy_account_id;
          if ((yy !== null && yy !== l.accountId) || drone.activation_status !== 2)
            throw errors.badRequest('leaseDroneNotLeasable', { droneId });
          const fee = b.dailyFee ? await dailyFeeOf(trx, l, drone.model_id, currency) : null;
          const row = await trx
            .insertInto('leases')
            .values({
              lessor_account_id: l.accountId,
              client_id: client.id,
              client_account_id: client.clientAccountId,
              drone_id: droneId,
              lease_model: b.leaseModel,
              mu_price_minor: mu,
              hour_price_minor: hour,
              daily_fee_minor: fee,
              currency,
              start_time: new Date(start),
              previous_yy_account_id: yy,
              created_by: l.userId,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
          const created = {
            leaseModel: b.leaseModel,
            muPriceMinor: mu,
            hourPriceMinor: hour,
            dailyFeeMinor: fee,
          };
          await d.repo.event(trx, row.id, 'created', { ...created, currency, startTime: start }, l.userId);
          await droneOut(
            trx,
            { droneId, leaseModel: b.leaseModel, to: client.clientAccountId, from: yy },
            l.userId,
          );
        }
        const settled = await settle(trx, lockDeps, client.id, 'lease');
        await tellClient(trx, l, {
          clientAccountId: client.clientAccountId,
          action: CLIENT_LOG.leased,
          target: `leaseIds=${ids.join(',')}`,
          detail: { droneIds, leaseModel: b.leaseModel, muPriceMinor: mu, hourPriceMinor: hour, currency },
        });
        return { ids, clientId: client.id, locked: settled.locked };
      }, droneIds);
    },

    async returnDrone(l: Lessor, b: { id: number; returnTime?: number }, now = Date.now()) {
      return inTrx(async (trx) => {
        const lease = await activeLease(trx, l, b.id);
        const at = b.returnTime ?? now;
        const lastSortie = await d.repo.lastSortieStart(trx, lease.id);
        if (
          at < lease.start_time.getTime() ||
          at > now + LEASE_RETURN_AHEAD_MS ||
          (lastSortie !== null && at < lastSortie)
        )
          throw errors.badRequest('leaseReturnTimeInvalid');
        await trx
          .updateTable('leases')
          .set({ status: LEASE_STATUS.returned, return_time: new Date(at), updated_at: new Date() })
          .where('id', '=', lease.id)
          .execute();
        await droneBack(trx, lockDeps, l.userId, lease);
        await d.repo.event(trx, lease.id, 'returned', { returnTime: at }, l.userId);
        await tellClient(trx, l, {
          clientAccountId: lease.client_account_id,
          action: CLIENT_LOG.returned,
          target: `leaseId=${lease.id}`,
          detail: { droneId: lease.drone_id, returnTime: at },
        });
        return lease;
      });
    },

    async cancel(l: Lessor, id: number) {
      return inTrx(async (trx) => {
        const lease = await activeLease(trx, l, id);
        const charges = await trx
          .selectFrom('lease_charges')
          .select(['kind', 'fee_day', 'amount_minor', 'start_time'])
          .where('lease_id', '=', lease.id)
          .orderBy('id')
          .execute();
        // Read under the client's lock (activeLease): a landing being billed is either here or waits.
        if (charges.some((c) => c.kind === CHARGE_KINDS.sortie)) throw conflict('leaseHasSorties');
        const currency = lease.currency.trim();
        const reversed: { day: string | null; amountMinor: number }[] = [];
        for (const c of charges) {
          if (c.kind !== CHARGE_KINDS.dailyFee || c.amount_minor <= 0) continue;
          const day = c.fee_day ? String(c.fee_day).slice(0, 10) : null;
          await postToLessor(trx, {
            kind: LEDGER_KINDS.adjustment,
            currency,
            ref: `cancel:${lease.id}:${day}`,
            clientId: lease.client_id,
            lessorAccountId: lease.lessor_account_id,
            amount: -c.amount_minor,
          });
          // The rollups drop the fee too (a daily fee adds no sortie, area or time).
          await addToLeaseStats(
            trx,
            {
              lessorAccountId: lease.lessor_account_id,
              clientAccountId: lease.client_account_id,
              currency,
              at: c.start_time.getTime(),
              droneId: lease.drone_id,
              pilotId: null,
              sorties: 0,
              areaMu: 0,
              durationS: 0,
              chargeMinor: 0,
              feeMinor: -c.amount_minor,
            },
            d.timeZone,
          );
          reversed.push({ day, amountMinor: c.amount_minor });
        }
        await trx
          .updateTable('leases')
          .set({ status: LEASE_STATUS.cancelled, return_time: new Date(), updated_at: new Date() })
          .where('id', '=', lease.id)
          .execute();
        await droneBack(trx, lockDeps, l.userId, lease);
        await d.repo.event(trx, lease.id, 'cancelled', { reversedFees: reversed, currency }, l.userId);
        if (reversed.length) await settle(trx, lockDeps, lease.client_id, 'cancel');
        await tellClient(trx, l, {
          clientAccountId: lease.client_account_id,
          action: CLIENT_LOG.cancelled,
          target: `leaseId=${lease.id}`,
          detail: { droneId: lease.drone_id, reversedFees: reversed, currency },
        });
        return lease;
      });
    },

    async updateLease(l: LeaseLessor, b: UpdateDroneRentalBody) {
      if (b.leaseModel !== undefined && !leaseModelsFor(l.leaseModel).includes(b.leaseModel))
        throw errors.badRequest('leaseModelNotAllowed');
      return inTrx(async (trx) => {
        const lease = await activeLease(trx, l, b.id);
        const currency = lease.currency.trim();
        let fee = lease.daily_fee_minor;
        if (b.dailyFee === false) fee = null;
        if (b.dailyFee === true) {
          const drone = await trx
            .selectFrom('drones')
            .select('model_id')
            .where('drone_id', '=', lease.drone_id)
            .executeTakeFirstOrThrow();
          fee = await dailyFeeOf(trx, l, drone.model_id, currency);
        }
        const next = {
          lease_model: b.leaseModel ?? lease.lease_model,
          mu_price_minor:
            b.muUnitPrice === undefined ? lease.mu_price_minor : toMinor(b.muUnitPrice, currency),
          hour_price_minor:
            b.durationPrice === undefined ? lease.hour_price_minor : toMinor(b.durationPrice, currency),
          daily_fee_minor: fee,
        };
        // Shared leasing keeps the drone with the lessor: switching into or out of it is a new lease.
        if ((next.lease_model === 5) !== (lease.lease_model === 5))
          throw errors.badRequest('leaseModelNotAllowed');
        await trx
          .updateTable('leases')
          .set({ ...next, updated_at: new Date() })
          .where('id', '=', lease.id)
          .execute();
        if (next.lease_model !== lease.lease_model)
          await trx
            .updateTable('drones')
            .set({ rental_model: next.lease_model })
            .where('drone_id', '=', lease.drone_id)
            .execute();
        const old = {
          lease_model: lease.lease_model,
          mu_price_minor: lease.mu_price_minor,
          hour_price_minor: lease.hour_price_minor,
          daily_fee_minor: lease.daily_fee_minor,
        };
        await d.repo.event(trx, lease.id, 'priceChanged', { old, new: next, currency }, l.userId);
        await tellClient(trx, l, {
          clientAccountId: lease.client_account_id,
          action: CLIENT_LOG.terms,
          target: `leaseId=${lease.id}`,
          detail: { old, new: next, currency },
        });
        return lease;
      });
    },

    async updateClientLeases(
      l: Lessor,
      b: { accountId: number; muUnitPrice: number; durationPrice: number },
    ) {
      const client = await clientOf(l, b.accountId);
      const mu = toMinor(b.muUnitPrice, client.currency);
      const hour = toMinor(b.durationPrice, client.currency);
      return inTrx(async (trx) => {
        await lockClient(trx, client.id);
        const leases = await trx
          .selectFrom('leases')
          .select(['id', 'mu_price_minor', 'hour_price_minor'])
          .where('client_id', '=', client.id)
          .where('status', '=', LEASE_STATUS.leasing)
          .orderBy('id')
          .forNoKeyUpdate()
          .execute();
        for (const lease of leases) {
          await trx
            .updateTable('leases')
            .set({ mu_price_minor: mu, hour_price_minor: hour, updated_at: new Date() })
            .where('id', '=', lease.id)
            .execute();
          const old = { mu_price_minor: lease.mu_price_minor, hour_price_minor: lease.hour_price_minor };
          const next = { mu_price_minor: mu, hour_price_minor: hour };
          await d.repo.event(
            trx,
            lease.id,
            'priceChanged',
            { old, new: next, currency: client.currency },
            l.userId,
          );
        }
        if (leases.length)
          await tellClient(trx, l, {
            clientAccountId: client.clientAccountId,
            action: CLIENT_LOG.terms,
            target: `leaseIds=${leases.map((x) => x.id).join(',')}`,
            detail: { muPriceMinor: mu, hourPriceMinor: hour, currency: client.currency },
          });
        return { updated: leases.length };
      });
    },

    async dronesOf(l: Lessor, accountId: number) {
      const client = await clientOf(l, accountId);
      return d.repo.leasedDrones(client.id);
    },

    async history(l: Lessor, id: number) {
      if (!(await d.repo.exists(l.accountId, id))) throw errors.notFound();
      return d.repo.events(id);
    },
  };
}
export type LeasesService = ReturnType<typeof createLeasesService>;
