/**
 * Leasing (002 §2–§9; issue 13): what every leasing contract shares: the call paths of the rental
 * family, the codes (lease models, lease and client states, ledger kinds), money in integer minor
 * units with its currency, and the price schemas. The calls' own schemas are in leasingClients.ts,
 * leasingMoney.ts, leasingRecords.ts and leasingStats.ts. See apps/server/src/modules/leasing/README.md.
 */
import { z } from 'zod';
import { CURRENCY_DIGITS } from './orders.ts';

export const RENTAL_BASE = '/api/rental/rental';
export const RENTAL_PATHS = {
  // Clients (ClientList, ClientDataView)
  customerList: `${RENTAL_BASE}/getCustomerList`,
  customerByPhone: `${RENTAL_BASE}/getCustomerByPhone`,
  verifiedCustomers: `${RENTAL_BASE}/getVerifiedCustomer`,
  zzCustomer: `${RENTAL_BASE}/getZZCustomer`,
  addCustomer: `${RENTAL_BASE}/addCustomer`,
  updateCustomer: `${RENTAL_BASE}/updateCustomer`,
  activeCustomer: `${RENTAL_BASE}/activeCustomer`,
  verifyCode: `${RENTAL_BASE}/getVerifyCode`,
  // Leases (LeaseList)
  rentalList: `${RENTAL_BASE}/getRentalList`,
  rentalDrones: `${RENTAL_BASE}/getRentalDrones`,
  addRental: `${RENTAL_BASE}/addRental`,
  returnDrone: `${RENTAL_BASE}/returnDrone`,
  cancelRental: `${RENTAL_BASE}/cancelRental`,
  updateDroneRental: `${RENTAL_BASE}/updateDroneRental`,
  updateAccountRental: `${RENTAL_BASE}/updateAccountRental`,
  rentalModelByAccount: `${RENTAL_BASE}/getRentalModelByAccount`,
  dronesByAccount: `${RENTAL_BASE}/getDronesByAccount`,
  rentalDict: `${RENTAL_BASE}/getRentalDict`,
  rentalHistory: `${RENTAL_BASE}/getRentalHistory`,
  signByAccount: `${RENTAL_BASE}/getSignByAccount`,
  signs: `${RENTAL_BASE}/getSigns`,
  setAccountSign: `${RENTAL_BASE}/setAccountSign`,
  zzAccountByUser: `${RENTAL_BASE}/getZzAccountByUser`,
  // Money (BillList)
  rechargeRecord: `${RENTAL_BASE}/rechargeRecord`,
  deductionRecord: `${RENTAL_BASE}/deductionRecord`,
  amount: `${RENTAL_BASE}/getAmount`,
  wxQrCode: `${RENTAL_BASE}/getWxQrCode`,
  /** GET `?outTradeNo=`: a recharge's state (the QR dialog polls it). */
  rechargeState: `${RENTAL_BASE}/getRechargeState`,
  /** POST a correction: a new pair of entries (never an update). */
  adjust: `${RENTAL_BASE}/adjustBalance`,
  // Work records (WorkRecordList)
  jobRecord: `${RENTAL_BASE}/getJobRecord`,
  // Statistics (LeaseDataStat, OperatorDataStat, ClientDataView)
  jobStatistics: `${RENTAL_BASE}/jobStatistics`,
  rentalStatistics: `${RENTAL_BASE}/rentalStatistics`,
  jobAreaStatistics: `${RENTAL_BASE}/jobAreaStatistics`,
  jobAreaRanking: `${RENTAL_BASE}/jobAreaRanking`,
  yyJobStatistics: `${RENTAL_BASE}/yyJobStatistics`,
  yyJobAreaStatistics: `${RENTAL_BASE}/yyJobAreaStatistics`,
  yyJobAreaRanking: `${RENTAL_BASE}/yyJobAreaRanking`,
  customerDataStat: `${RENTAL_BASE}/customerDataStat`,
  customerAreaAndRecord: `${RENTAL_BASE}/customerAreaAndRecord`,
  customerAreaRanking: `${RENTAL_BASE}/customerAreaRanking`,
  customerDronePilotRanking: `${RENTAL_BASE}/customerDronePilotRanking`,
} as const;

/** Basic prices (BasicPriceList): GET list, POST set, GET currency types. */
export const BASIC_PRICE_PATHS = {
  list: '/api/rental/basicPrice/list',
  set: '/api/rental/basicPrice/set',
  currencyTypes: '/api/rental/basicPrice/currencyTypes',
} as const;

/** Payment notifications and the sandbox's confirmation page (public: the payer may not be signed in). */
export const PAY_PATHS = {
  /** POST `${notify}/{provider}`: the provider's signed notification. */
  notify: '/api/rental/pay/notify',
  /** GET `${sandbox}/{outTradeNo}?sig=`: what the sandbox page shows; POST the same to pay. */
  sandbox: '/api/rental/pay/sandbox',
} as const;
/** The console page the sandbox QR code opens: `${SANDBOX_PAY_PAGE}/{outTradeNo}?sig=`. */
export const SANDBOX_PAY_PAGE = '/pay/sandbox';

/** Client activation (002 §4): 0 debugging, 1 unactivated, 2 activated; other values show '-'. */
export const CLIENT_STATUS = { debugging: 0, unactivated: 1, activated: 2 } as const;
export const CLIENT_STATUSES = [0, 1, 2] as const;
/** A lease: 1 leasing, 2 returned (returnTime), 3 cancelled (it never billed anything). */
export const LEASE_STATUS = { leasing: 1, returned: 2, cancelled: 3 } as const;
export const LEASE_STATUSES = [1, 2, 3] as const;
/** Recharge: 1 waiting for payment, 2 paid, 3 closed (expired or refused by the provider). */
export const RECHARGE_STATUS = { pending: 1, paid: 2, closed: 3 } as const;
export const RECHARGE_STATUSES = [1, 2, 3] as const;
/** Ledger entry kinds. */
export const LEDGER_KINDS = { recharge: 1, sortie: 2, dailyFee: 3, adjustment: 4 } as const;
/** Charge kinds (work records and deductions): a sortie, or a day's base fee. */
export const CHARGE_KINDS = { sortie: 2, dailyFee: 3 } as const;

/** Currencies a client may be billed in (basic prices' currency types). */
export const LEASE_CURRENCIES = ['CNY', 'USD', 'THB', 'KRW', 'TWD'] as const;
export type LeaseCurrency = (typeof LEASE_CURRENCIES)[number];
export const leaseCurrencySchema = z.enum(LEASE_CURRENCIES);

export const leaseModelSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]);
export type LeaseModelCode = z.infer<typeof leaseModelSchema>;

/** The largest price or amount in major units a form may send (a bound, not a business rule). */
export const MAX_MAJOR_AMOUNT = 10_000_000;
/** A recharge: at least 0.01 and at most 1,000,000 in major units. */
export const MAX_RECHARGE_MAJOR = 1_000_000;

export const currencyDigits = (currency: string) => CURRENCY_DIGITS[currency] ?? 2;

/** Major units (what a person types: 12.5) to integer minor units of `currency` (1250). */
export function toMinor(major: number, currency: string): number {
  const f = 10 ** currencyDigits(currency);
  return Math.round(major * f);
}

/** Integer minor units to major units (1250 -> 12.5). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/**
 * A price or amount in major units as forms send it: finite, 0..MAX_MAJOR_AMOUNT, at most two
 * decimals (a currency without minor units rounds it: checked again on the server with the client's
 * currency).
 */
export const majorAmountSchema = z
  .number()
  .finite()
  .min(0)
  .max(MAX_MAJOR_AMOUNT)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'twoDecimals' });

/**
 * The charge of one sortie under a lease (the rule of modules/leasing/README.md "Billing"):
 * model 1 and 5 area x price per mu; 2 duration x price per hour; 3 both. Rounded half up to a
 * whole minor unit, once, on the total.
 */
export function sortieCharge(
  leaseModel: number,
  s: { areaMu: number; durationS: number },
  p: { muPriceMinor: number; hourPriceMinor: number },
): number {
  const byArea = Math.max(0, s.areaMu) * p.muPriceMinor;
  const byTime = (Math.max(0, s.durationS) * p.hourPriceMinor) / 3600;
  const raw = leaseModel === 2 ? byTime : leaseModel === 3 ? byArea + byTime : byArea;
  return Math.round(raw + 1e-9);
}
