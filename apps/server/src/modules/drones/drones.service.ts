/**
 * The drone registry's service: the list with its statistics, the detail, and every write inside
 * one transaction that also sends what must follow it (the lock command, the change notice that
 * refreshes ingest's drone directory at once on every server process).
 */
import type {
  DroneDeviceTypeBody,
  DroneListPage,
  DroneListQuery,
  DroneLockBody,
  DroneLockResult,
  DroneOwnerBody,
  DroneRegistryDetail,
  DroneRentalBody,
  DroneSaleBody,
  DroneSignBody,
  DroneUpdateBody,
} from '@agrifleet/domain';
import { ErrorCode } from '@agrifleet/domain';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { DataScope } from '../../platform/auth/scope.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { notify } from '../../platform/notify.ts';
import type { Database } from '../../platform/schema.ts';
import type { Commands, CommandType } from '../../telemetry/commands/types.ts';
import { DRONE_REGISTRY_CHANNEL } from '../../telemetry/ingest/droneDirectory.ts';
import { rtkOfDrone } from '../rtk/rtk.repo.ts';
import type { DroneListRepo } from './droneList.repo.ts';
import {
  type ActingAccount,
  type DroneAction,
  droneActionsOf,
  unlocksWithoutPassword,
} from './drones.access.ts';
import type { DronesRepo } from './drones.repo.ts';

const LOCK_TYPES: readonly CommandType[] = ['lock', 'unlock'];

export interface Acting {
  scope: DataScope;
  account: ActingAccount;
  userId: number;
  /** The caller holds 'manageEquipment' (001 §6). */
  canManage: boolean;
}

type Trx = Kysely<Database>;
type Target = NonNullable<Awaited<ReturnType<DronesRepo['lockRow']>>>;

export function createDronesService(d: {
  db: Db;
  list: DroneListRepo;
  drones: DronesRepo;
  commands: Commands;
  /** The statistics time zone (the RTK service's days left). */
  timeZone: string;
}) {
  /** Runs `fn` on the drone in one transaction: 404 outside the scope, 403 when `action` is not the caller's. */
  async function write<T>(
    who: Acting,
    droneId: string,
    action: DroneAction,
    fn: (trx: Trx, drone: Target) => Promise<T>,
  ): Promise<T> {
    return d.db.transaction().execute(async (trx) => {
      const drone = await d.drones.lockRow(trx, who.scope, droneId);
      if (!drone) throw errors.notFound();
      const actions = droneActionsOf(
        who.account,
        { zz: drone.zz_account_id, yy: drone.yy_account_id },
        who.canManage,
      );
      if (!actions[action]) throw errors.forbidden();
      const out = await fn(trx, drone);
      await notify(trx, DRONE_REGISTRY_CHANNEL, droneId);
      return out;
    });
  }

  async function lockState(droneId: string) {
    const c = (await d.commands.latest([droneId], LOCK_TYPES)).get(droneId);
    return {
      commandState: c?.state ?? null,
      commandType: c ? (c.type as 'lock' | 'unlock') : null,
      commandId: c?.id ?? null,
    };
  }

  return {
    async list(scope: DataScope, q: DroneListQuery): Promise<DroneListPage> {
      const [records, stats] = await Promise.all([d.list.page(scope, q), d.list.stats(scope, q)]);
      return { records, total: stats.total, current: q.currentPage, size: q.pageSize, stats };
    },

    async detail(who: Acting, droneId: string): Promise<DroneRegistryDetail> {
      const found = await d.drones.detail(who.scope, droneId);
      if (!found) throw errors.notFound();
      const { row } = found;
      const seesAllOwners = who.account.account_type === 1 || row.zzAccountId === who.account.id;
      const [lock, rtk, owners] = await Promise.all([
        lockState(droneId),
        rtkOfDrone(d.db, droneId, d.timeZone),
        d.drones.owners(droneId, seesAllOwners ? null : who.account.id),
      ]);
      return {
        ...row,
        manufacturerName: found.manufacturerName,
        lock,
        lockedAt: found.lockedAt,
        lastLng: found.lastLng,
        lastLat: found.lastLat,
        lastBattery: found.lastBattery,
        flightTime: found.flightTime,
        sprayQuantity: found.sprayQuantity,
        rtk,
        owners,
        actions: droneActionsOf(who.account, { zz: row.zzAccountId, yy: row.yyAccountId }, who.canManage),
      };
    },

    update(who: Acting, b: DroneUpdateBody) {
      return write(who, b.droneId, 'update', async (trx, drone) => {
        if ((await d.drones.modelMaker(trx, b.flyModelId)) !== drone.zz_account_id)
          throw errors.badRequest('droneModelNotOfMaker');
        await d.drones.update(trx, b.droneId, {
          model_id: b.flyModelId,
          drone_name: b.droneName,
          ...(b.regMark !== undefined ? { reg_mark: b.regMark || null } : {}),
          ...(b.rackNo !== undefined ? { rack_no: b.rackNo || null } : {}),
          ...(b.buyer !== undefined ? { buyer: b.buyer || null } : {}),
        });
      });
    },

    sign(who: Acting, droneId: string, b: DroneSignBody) {
      return write(who, droneId, 'sign', (trx) =>
        d.drones.update(trx, droneId, { zz_drone_num: b.zzDroneNum }),
      );
    },

    sale(who: Acting, droneId: string, b: DroneSaleBody) {
      return write(who, droneId, 'sale', (trx) => d.drones.update(trx, droneId, { sale_type: b.saleType }));
    },

    deviceType(who: Acting, droneId: string, b: DroneDeviceTypeBody) {
      return write(who, droneId, 'deviceType', (trx) =>
        d.drones.update(trx, droneId, { device_type: b.deviceType, spray_width: b.sprayWidth }),
      );
    },

    rental(who: Acting, b: DroneRentalBody) {
      return write(who, b.droneId, 'rental', (trx) =>
        d.drones.update(trx, b.droneId, { rental_model: b.rentalModel }),
      );
    },

    /**
     * Lock (opr 1) sets the password (stored as an argon2 hash); locking a locked drone again with
     * the same password sends the command again. Unlock (opr 0) needs that password (the platform
     * excepted). The drone row and the command change in one transaction.
     */
    async lock(who: Acting, b: DroneLockBody): Promise<DroneLockResult> {
      const fresh = b.opr === 1 ? await argonHash(b.password) : null;
      const command = await write(who, b.droneId, 'lock', async (trx, drone) => {
        const matches = async () =>
          drone.lock_password_hash !== null &&
          (await argonVerify(drone.lock_password_hash, b.password).catch(() => false));
        if (b.opr === 1) {
          if (drone.locked && drone.lock_password_hash && !(await matches()))
            throw errors.badRequest('droneLockPasswordWrong');
          if (!drone.locked)
            await d.drones.update(trx, b.droneId, {
              locked: true,
              lock_password_hash: fresh,
              lock_reason: null,
              locked_at: new Date(),
            });
        } else {
          if (!drone.locked) throw new AppError(409, ErrorCode.conflict, 'droneNotLocked');
          if (!unlocksWithoutPassword(who.account) && !(await matches()))
            throw errors.badRequest('droneLockPasswordWrong');
          await d.drones.update(trx, b.droneId, {
            locked: false,
            lock_password_hash: null,
            lock_reason: null,
            locked_at: new Date(),
          });
        }
        return d.commands.send(
          { droneId: b.droneId, type: b.opr === 1 ? 'lock' : 'unlock', byUserId: who.userId },
          trx,
        );
      });
      return {
        locked: b.opr === 1,
        commandState: command.state,
        commandType: command.type as 'lock' | 'unlock',
        commandId: command.id,
      };
    },

    /** Hands the drone to another owner; the ownership periods close and open by the drones trigger. */
    owner(who: Acting, b: DroneOwnerBody) {
      return write(who, b.droneId, 'owner', async (trx, drone) => {
        if (drone.yy_account_id === b.yyAccountId) throw errors.badRequest('droneOwnerSame');
        const target = await d.drones.ownerCandidate(trx, b.yyAccountId);
        const fits =
          target?.enabled &&
          ((target.account_type === 4 && target.check_status === 2) || target.id === drone.zz_account_id);
        if (!fits) throw errors.badRequest('droneOwnerInvalid');
        await d.drones.update(trx, b.droneId, { yy_account_id: b.yyAccountId });
        await d.drones.markOwnershipBy(trx, b.droneId, who.userId);
      });
    },

    manufacturers: () => d.drones.manufacturers(),
    operators: (who: Acting) => d.drones.operators(who.account.account_type === 4 ? who.account.id : null),
  };
}
export type DronesService = ReturnType<typeof createDronesService>;
