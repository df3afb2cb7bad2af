/**
 * The drone registry (001 §2 DroneList and the implied drone detail, §3 "Drone", §4, §7 "Drones";
 * 002 §7 lookups): the list with every §3 filter and its statistics, the detail, every write, and
 * the manufacturers and operators lookups. Paths the spec does not name follow REST inside the
 * family /api/drone/device/manage (docs/architecture.md "Fleet registry").
 */
import { z } from 'zod';
import { droneIdSchema, idSchema, pageNumberParam, textSchema, trimmedText } from './bounds.ts';
import { commandStateSchema } from './commands.ts';
import { page } from './envelope.ts';
import { DRONE_BASE } from './monitor.ts';
import { droneRtk } from './rtk.ts';

export const DRONE_LIST_PATH = `${DRONE_BASE}/list`;
export const DRONE_DETAIL_PATH = `${DRONE_BASE}/detail`;
/** PUT update (body droneId, flyModelId, droneName, regMark, rackNo, buyer). */
export const DRONE_UPDATE_PATH = DRONE_BASE;
export const droneSignPath = (id: string) => `${DRONE_BASE}/sign/${encodeURIComponent(id)}`;
export const DRONE_LOCK_PATH = `${DRONE_BASE}/lock`;
export const DRONE_RENTAL_PATH = `${DRONE_BASE}/rental`;
export const droneSalePath = (id: string) => `${DRONE_BASE}/sale/${encodeURIComponent(id)}`;
export const droneDeviceTypePath = (id: string) => `${DRONE_BASE}/deviceType/${encodeURIComponent(id)}`;
export const DRONE_OWNER_PATH = `${DRONE_BASE}/owner`;
/** 002 §7 lookups: manufacturers and operators (the filters' and the owner change's selects). */
export const DRONE_MANUFACTURERS_PATH = '/api/drone/common/manufacturers';
export const DRONE_OPERATORS_PATH = '/api/drone/common/operators';

/** The list and the export read pages of at most this size (001 §9: fetch-all pages are 500). */
export const DRONE_LIST_MAX_PAGE_SIZE = 500;

/** Sale status: 1 in stock (with the manufacturer), 2 sold, 3 returned. */
export const SALE_TYPES = [1, 2, 3] as const;
/** Device types: 1 spraying, 2 spreading, 3 spraying and spreading, 4 survey. */
export const DEVICE_TYPES = [1, 2, 3, 4] as const;
/** Lease models (001 §4): 1 by area unit, 2 by time, 3 all, 5 shared leasing. */
export const RENTAL_MODELS = [1, 2, 3, 5] as const;

export const DRONE_SORTS = [
  'createTime',
  'droneId',
  'droneName',
  'modelName',
  'workArea',
  'sortieCount',
  'lastTime',
] as const;
export type DroneSort = (typeof DRONE_SORTS)[number];

const search = trimmedText(64).optional();
const literalOf = <T extends readonly number[]>(values: T) =>
  z.coerce
    .number()
    .refine((v): v is T[number] => values.includes(v), { message: `one of ${values.join(', ')}` });

/** GET list: paging, every §3 filter (text filters match a part, case-insensitive) and the sort. */
export const droneListQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(DRONE_LIST_MAX_PAGE_SIZE).default(20),
  /** Owner (operator) account name, part of. */
  yyAccountName: search,
  modelName: search,
  /** Manufacturer account name, part of. */
  zzAccountName: search,
  /** A pilot who flew the drone (user name), part of. */
  oprName: search,
  /** 1: registered (has a registration mark, regMark), 0: not registered. */
  regFlag: literalOf([0, 1] as const).optional(),
  droneId: search,
  droneName: search,
  deviceType: literalOf(DEVICE_TYPES).optional(),
  saleType: literalOf(SALE_TYPES).optional(),
  sortParam: z.enum(DRONE_SORTS).default('createTime'),
  /** 1 descending (the default order 1 of 001 §9), 2 ascending. */
  order: literalOf([1, 2] as const).default(1),
});
export type DroneListQuery = z.infer<typeof droneListQuery>;

const lockState = z.object({
  /** The newest lock/unlock command's state, null when none was ever sent. */
  commandState: commandStateSchema.nullable(),
  commandType: z.enum(['lock', 'unlock']).nullable(),
  commandId: z.number().int().nullable(),
});

export const droneRow = z.object({
  droneId: z.string(),
  droneName: z.string(),
  flyModelId: z.number().int(),
  modelName: z.string(),
  zzAccountId: z.number().int(),
  zzAccountName: z.string(),
  yyAccountId: z.number().int().nullable(),
  yyAccountName: z.string().nullable(),
  zzDroneNum: z.string().nullable(),
  regMark: z.string().nullable(),
  rackNo: z.string().nullable(),
  buyer: z.string().nullable(),
  activationStatus: z.number().int(),
  deviceType: z.number().int(),
  saleType: z.number().int(),
  rentalModel: z.number().int().nullable(),
  locked: z.boolean(),
  sprayWidth: z.number(),
  regionCode: z.number().int().nullable(),
  createTime: z.number(),
  lastTime: z.number().nullable(),
  /** Lifetime figures as the caller's scope sees them (an owner: flown while it owned the drone). */
  sortieCount: z.number().int(),
  /** Mu. */
  workArea: z.number(),
});
export type DroneRow = z.infer<typeof droneRow>;

/** List statistics (001 §3) of the whole filtered set. */
export const droneListStats = z.object({
  total: z.number().int(),
  workArea: z.number(),
  /** Manufacturers among the filtered drones. */
  zzNum: z.number().int(),
  sortieCount: z.number().int(),
  /** Models among the filtered drones. */
  modelNum: z.number().int(),
});
export type DroneListStats = z.infer<typeof droneListStats>;

export const droneListPage = page(droneRow).extend({ stats: droneListStats });
export type DroneListPage = z.infer<typeof droneListPage>;

export const droneDetailQuery = z.object({ droneId: droneIdSchema });

/** What the caller may do with this drone (the server decides; the web only shows it). */
export const droneActions = z.object({
  update: z.boolean(),
  sign: z.boolean(),
  sale: z.boolean(),
  deviceType: z.boolean(),
  rental: z.boolean(),
  lock: z.boolean(),
  owner: z.boolean(),
});
export type DroneActions = z.infer<typeof droneActions>;

export const droneRegistryDetail = droneRow.extend({
  manufacturerName: z.string(),
  lock: lockState,
  lockedAt: z.number().nullable(),
  lastLng: z.number().nullable(),
  lastLat: z.number().nullable(),
  lastBattery: z.number().nullable(),
  flightTime: z.number(),
  sprayQuantity: z.number(),
  /** The RTK device mounted on the drone with its service expiry, null when none. */
  rtk: droneRtk.nullable(),
  /** Owners over time, newest first (platform and manufacturer see them all, an owner its own). */
  owners: z.array(
    z.object({
      yyAccountId: z.number().int(),
      yyAccountName: z.string(),
      from: z.number(),
      to: z.number().nullable(),
    }),
  ),
  actions: droneActions,
});
export type DroneRegistryDetail = z.infer<typeof droneRegistryDetail>;

const optionalText = (max: number) => trimmedText(max).nullable().optional();

/** PUT update: the fields of 001 §3 "Update". */
export const droneUpdateBody = z.object({
  droneId: droneIdSchema,
  flyModelId: idSchema,
  droneName: trimmedText(64).pipe(z.string().min(1)),
  regMark: optionalText(64),
  rackNo: optionalText(64),
  buyer: optionalText(128),
});
export type DroneUpdateBody = z.infer<typeof droneUpdateBody>;

export const droneIdPathParams = z.object({ id: droneIdSchema });

export const droneSignBody = z.object({ zzDroneNum: trimmedText(64).pipe(z.string().min(1)) });
export type DroneSignBody = z.infer<typeof droneSignBody>;

export const droneLockBody = z.object({
  droneId: droneIdSchema,
  opr: z.union([z.literal(0), z.literal(1)]),
  /** 4 to 32 characters. Locking sets it; unlocking must give the same. */
  password: textSchema(32).pipe(z.string().min(4)),
});
export type DroneLockBody = z.infer<typeof droneLockBody>;

export const droneLockResult = lockState.extend({ locked: z.boolean() });
export type DroneLockResult = z.infer<typeof droneLockResult>;

export const droneRentalBody = z.object({
  droneId: droneIdSchema,
  /** A lease model, or null: not rented out. */
  rentalModel: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.null()]),
});
export type DroneRentalBody = z.infer<typeof droneRentalBody>;

export const droneSaleBody = z.object({ saleType: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
export type DroneSaleBody = z.infer<typeof droneSaleBody>;

export const droneDeviceTypeBody = z.object({
  deviceType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** Metres, 0.5 to 50 (the column holds 5 digits, 2 decimals). */
  sprayWidth: z.number().min(0.5).max(50),
});
export type DroneDeviceTypeBody = z.infer<typeof droneDeviceTypeBody>;

/** POST change owner: the new owner, an operator account (or the drone's manufacturer itself). */
export const droneOwnerBody = z.object({ droneId: droneIdSchema, yyAccountId: idSchema });
export type DroneOwnerBody = z.infer<typeof droneOwnerBody>;

export const accountOption = z.object({ id: z.number().int(), name: z.string() });
export type AccountOption = z.infer<typeof accountOption>;
export const accountOptions = z.array(accountOption);

/** The account acting on a drone (id and account type). */
export interface ActingAccount {
  id: number;
  account_type: number;
}

/**
 * Which writes the account may do on a drone (docs/architecture.md "Fleet registry"): the server
 * enforces it (403), the web offers only these actions. `canManage`: the user holds the ability
 * 'manageEquipment' (001 §6: user types 1, 4, 5).
 */
export function droneActionsOf(
  account: ActingAccount,
  drone: { zz: number; yy: number | null },
  canManage: boolean,
): DroneActions {
  const platform = account.account_type === 1;
  const maker = account.account_type === 3 && drone.zz === account.id;
  const owner = drone.yy === account.id && (account.account_type === 4 || account.account_type === 3);
  const ok = (v: boolean) => canManage && v;
  return {
    update: ok(platform || maker),
    sign: ok(platform || maker),
    deviceType: ok(platform || maker),
    sale: ok(maker),
    rental: ok(maker),
    lock: ok(platform || maker || owner),
    owner: ok(platform || maker),
  };
}

/**
 * May the account control the drone in flight (settings, plans, start, pause, resume, return home;
 * 001 §2 GroupControl, FlightControl)? The platform any drone, a manufacturer the drones it made,
 * an operator the drones it owns; a government none. `canManage`: the ability 'manageEquipment'.
 */
export function canControlDrone(
  account: ActingAccount,
  drone: { zz: number; yy: number | null },
  canManage: boolean,
): boolean {
  if (!canManage) return false;
  if (account.account_type === 1) return true;
  if (account.account_type === 3) return drone.zz === account.id;
  if (account.account_type === 4) return drone.yy === account.id;
  return false;
}

/** May the account unlock without the lock password? Only the platform (a forgotten password). */
export const unlocksWithoutPassword = (account: ActingAccount) => account.account_type === 1;
