/**
 * Leasing contracts (issue 13): the clients (ClientList) and leases (LeaseList) calls of the rental
 * family. Paths and codes are in leasing.ts (RENTAL_PATHS); money in answers is integer minor units
 * with its currency, forms send major units (majorAmountSchema) that the server converts.
 */
import { z } from 'zod';
import { droneIdSchema, idParam, idSchema, millisSchema, pageNumberParam, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';
import { leaseCurrencySchema, leaseModelSchema, majorAmountSchema } from './leasing.ts';

/** A phone number as stored on users (digits only, 5..20). */
export const leasePhoneSchema = trimmedText(20).regex(/^\d{5,20}$/);
/** The largest page a leasing list may ask for. */
export const LEASE_PAGE_MAX = 999;
/** A client's sign (the lessor's label for it): trimmed, 1..50 characters. */
export const LEASE_SIGN_MAX = 50;

/** The figures above the client and lease lists. */
export const leaseListStat = z.object({
  /** Clients of the lessor. */
  total: z.number().int(),
  /** Mu billed (lease_stat, all time). */
  workArea: z.number(),
  /** Drones on active leases. */
  zzNum: z.number().int(),
  /** Sorties billed. */
  sortieCount: z.number().int(),
  /** Distinct drone models on active leases. */
  modelNum: z.number().int(),
});
export type LeaseListStat = z.infer<typeof leaseListStat>;

// ---- Clients -------------------------------------------------------------------------------

export const customerListQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(LEASE_PAGE_MAX).default(20),
  /** Part of the client's account name. */
  accountName: trimmedText(100).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerRecord = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  phone: z.string().nullable(),
  userName: z.string().nullable(),
  /** 0 debugging, 1 unactivated, 2 activated. */
  activeStatus: z.number().int(),
  muUnitPrice: z.number().int(),
  durationPrice: z.number().int(),
  creditLimit: z.number().int(),
  currency: z.string(),
  balance: z.number().int(),
  /** Drones on the client's active leases. */
  droneNum: z.number().int(),
  sign: z.string().nullable(),
  createdAt: z.number().int(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

export const customerPage = page(customerRecord).extend({ stat: leaseListStat });
export type CustomerPage = z.infer<typeof customerPage>;

export const customerPhoneQuery = z.object({ phone: leasePhoneSchema });

export const customerByPhone = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  userName: z.string(),
  phone: z.string(),
  /** Already a client of the caller. */
  isClient: z.boolean(),
});
export type CustomerByPhone = z.infer<typeof customerByPhone>;

export const verifiedCustomer = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  currency: z.string(),
});
export type VerifiedCustomer = z.infer<typeof verifiedCustomer>;

export const addCustomerBody = z.object({
  accountId: idSchema,
  muUnitPrice: majorAmountSchema,
  durationPrice: majorAmountSchema,
  currency: leaseCurrencySchema.default('CNY'),
  creditLimit: majorAmountSchema.default(0),
  /** Start in debugging (status 0) instead of unactivated (1). */
  debug: z.boolean().optional(),
});
export type AddCustomerBody = z.input<typeof addCustomerBody>;

export const updateCustomerBody = z.object({
  id: idSchema,
  muUnitPrice: majorAmountSchema,
  durationPrice: majorAmountSchema,
  creditLimit: majorAmountSchema.optional(),
});
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const leaseVerifyCodeQuery = z.object({ phoneNum: leasePhoneSchema });

export const activeCustomerBody = z.object({
  yyAccountId: idSchema,
  code: trimmedText(8).regex(/^\d{4}$/),
});

export const accountIdQuery = z.object({ accountId: idParam });

export const clientSign = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  sign: z.string().nullable(),
});
export type ClientSign = z.infer<typeof clientSign>;

export const setAccountSignBody = z.object({
  accountId: idSchema,
  sign: trimmedText(LEASE_SIGN_MAX).min(1),
});

// ---- Leases --------------------------------------------------------------------------------

export const rentalListQuery = z.object({
  pageIndex: pageNumberParam.default(1),
  size: pageNumberParam.max(LEASE_PAGE_MAX).default(20),
  accountName: trimmedText(100).optional(),
  accountId: idParam.optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  droneId: trimmedText(64).optional(),
});
export type RentalListQuery = z.infer<typeof rentalListQuery>;

export const leaseRecord = z.object({
  id: z.number().int(),
  droneId: z.string(),
  droneName: z.string(),
  modelName: z.string().nullable(),
  accountId: z.number().int(),
  accountName: z.string(),
  sign: z.string().nullable(),
  leaseModel: z.number().int(),
  muUnitPrice: z.number().int(),
  durationPrice: z.number().int(),
  dailyFee: z.number().int().nullable(),
  currency: z.string(),
  startTime: z.number().int(),
  returnTime: z.number().int().nullable(),
  /** 1 leasing, 2 returned, 3 cancelled. */
  status: z.number().int(),
  locked: z.boolean(),
  lockReason: z.string().nullable(),
  sorties: z.number().int(),
  charged: z.number().int(),
  createdAt: z.number().int(),
});
export type LeaseRecord = z.infer<typeof leaseRecord>;

export const rentalPage = page(leaseRecord).extend({ stat: leaseListStat });
export type RentalPage = z.infer<typeof rentalPage>;

export const rentalDrone = z.object({
  droneId: z.string(),
  droneName: z.string(),
  modelId: z.number().int(),
  modelName: z.string().nullable(),
  online: z.boolean(),
});
export type RentalDrone = z.infer<typeof rentalDrone>;

/** How far back and ahead a lease may start. */
export const LEASE_START_BACK_MS = 24 * 3600_000;
export const LEASE_START_AHEAD_MS = 90 * 24 * 3600_000;
/** A return may be stamped at most this far ahead of now. */
export const LEASE_RETURN_AHEAD_MS = 60_000;
export const LEASE_MAX_DRONES = 100;

export const addRentalBody = z.object({
  accountId: idSchema,
  droneIds: z.array(droneIdSchema).min(1).max(LEASE_MAX_DRONES),
  leaseModel: leaseModelSchema,
  muUnitPrice: majorAmountSchema.optional(),
  durationPrice: majorAmountSchema.optional(),
  /** Charge the lessor's basic daily fee of the drone's model. */
  dailyFee: z.boolean().optional(),
  startTime: millisSchema.optional(),
});
export type AddRentalBody = z.infer<typeof addRentalBody>;

export const returnDroneBody = z.object({ id: idSchema, returnTime: millisSchema.optional() });
export const leaseIdBody = z.object({ id: idSchema });

export const updateDroneRentalBody = z.object({
  id: idSchema,
  leaseModel: leaseModelSchema.optional(),
  muUnitPrice: majorAmountSchema.optional(),
  durationPrice: majorAmountSchema.optional(),
  dailyFee: z.boolean().optional(),
});
export type UpdateDroneRentalBody = z.infer<typeof updateDroneRentalBody>;

export const updateAccountRentalBody = z.object({
  accountId: idSchema,
  muUnitPrice: majorAmountSchema,
  durationPrice: majorAmountSchema,
});

export const leasedDrone = z.object({
  leaseId: z.number().int(),
  droneId: z.string(),
  droneName: z.string(),
  modelName: z.string().nullable(),
  leaseModel: z.number().int(),
  startTime: z.number().int(),
  locked: z.boolean(),
});
export type LeasedDrone = z.infer<typeof leasedDrone>;

const dictItem = z.object({ code: z.number().int(), DictValue: z.string() });
export const rentalDict = z.object({
  leaseModels: z.array(dictItem),
  leaseStatus: z.array(dictItem),
  activeStatus: z.array(dictItem),
});
export type RentalDict = z.infer<typeof rentalDict>;

export const leaseIdQuery = z.object({ id: idParam });

export const leaseEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  userName: z.string().nullable(),
  at: z.number().int(),
});
export type LeaseEvent = z.infer<typeof leaseEvent>;
