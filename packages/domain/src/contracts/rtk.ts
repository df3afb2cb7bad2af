/**
 * RTK devices (001 §2 RtkList, §3 "RTK: devId, qxdsk, filters pn and type, btaddr, availableDays",
 * §4 "RTK allow-status toggles", §7 "RTK"; 002 §7 lookups "RTK renewal by phone or by btaddr").
 *
 * An RTK device is the network-RTK correction-service terminal of a drone (or of a ground station or
 * a handheld surveyor): `devId` its own device id, `pn` its product (part) number, `type` what it is
 * mounted in, `btaddr` its Bluetooth address, `qxdsk` the correction-service account key bound to it
 * (a Qianxun-style DSK; never sent back whole: lists show it masked), `allowed` whether it may use
 * the service, and `expiresAt` when its service ends. A renewal adds `availableDays` to the expiry
 * (counted from now when the service has already ended). See apps/server/src/modules/rtk/README.md.
 */
import { z } from 'zod';
import { dayIn, daysFrom } from '../zonedTime.ts';
import { pageNumberParam, textSchema, trimmedText } from './bounds.ts';
import { page } from './envelope.ts';

export const RTK_BASE = '/api/drone/rtk/manage';
export const RTK_LIST_PATH = `${RTK_BASE}/list`;
/** PUT `${RTK_ALLOW_PATH}/{devId}` */
export const RTK_ALLOW_PATH = `${RTK_BASE}/allow`;
export const RTK_BIND_PATH = `${RTK_BASE}/bind`;
export const RTK_RENEW_PHONE_PATH = `${RTK_BASE}/renewal/phone`;
export const RTK_RENEW_BTADDR_PATH = `${RTK_BASE}/renewal/btaddr`;

/** The export reads the whole filtered set in pages of this size (001 §9 fetch-all pages are 500). */
export const RTK_MAX_PAGE_SIZE = 500;
/** One renewal adds 1 to 3650 days (ten years). */
export const RTK_MAX_DAYS = 3650;
/** Expiries nearer than this many days are highlighted. */
export const RTK_SOON_DAYS = 30;

/** What the terminal is mounted in: 1 a drone, 2 a ground station (remote controller), 3 a handheld surveyor. */
export const RTK_TYPES = [1, 2, 3] as const;
export type RtkType = (typeof RTK_TYPES)[number];

/** Device ids: letters, digits, _ and -, 1..64 (the drone id rule). */
export const RTK_DEV_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** A correction-service key: 8..64 letters, digits, _ and -. */
export const QXDSK_RE = /^[A-Za-z0-9_-]{8,64}$/;
/** A Bluetooth address: six hex pairs, separated by ':' or '-' (or not at all). */
export const BTADDR_RE = /^[0-9A-Fa-f]{2}([:-]?)[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;
/** A phone of the renewal: a bare number or "code-number" ("86-13800000005", "+66-812345678"). */
export const RTK_PHONE_RE = /^(\+?\d{1,4}-)?\d{9,11}$/;

/** The stored form of a Bluetooth address: upper case, colon-separated. */
export function normalizeBtaddr(v: string): string {
  const hex = v.replace(/[:-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? hex;
}

/** A service key as lists show it: its first and last two characters, the rest hidden (length too). */
export function maskQxdsk(key: string): string {
  return `${key.slice(0, 2)}******${key.slice(-2)}`;
}

export const rtkDevIdSchema = textSchema(64).regex(RTK_DEV_ID_RE);
export const qxdskSchema = textSchema(64).regex(QXDSK_RE);
export const btaddrSchema = textSchema(17).regex(BTADDR_RE).transform(normalizeBtaddr);
export const availableDaysSchema = z.number().int().min(1).max(RTK_MAX_DAYS);
export const rtkPhoneSchema = textSchema(20).regex(RTK_PHONE_RE);

export const rtkListQuery = z.object({
  page: pageNumberParam.default(1),
  size: pageNumberParam.max(RTK_MAX_PAGE_SIZE).default(20),
  /** Part of the product number. */
  pn: trimmedText(64).optional(),
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
});
export type RtkListQuery = z.infer<typeof rtkListQuery>;

export const rtkRow = z.object({
  devId: z.string(),
  /** The drone the terminal is mounted on, if any. */
  droneId: z.string().nullable(),
  droneName: z.string().nullable(),
  /** The drone's owner (operator). */
  yyAccountName: z.string().nullable(),
  zzAccountName: z.string(),
  pn: z.string(),
  type: z.number().int(),
  btaddr: z.string(),
  /** The bound service key, masked (maskQxdsk); null when none is bound. */
  qxdsk: z.string().nullable(),
  allowed: z.boolean(),
  /** End of service, ms; null: no service yet. */
  expiresAt: z.number().nullable(),
  /** Whole days left (negative once ended); null with no service. */
  daysLeft: z.number().int().nullable(),
  createdAt: z.number(),
});
export type RtkRow = z.infer<typeof rtkRow>;

export const rtkPage = page(rtkRow);
export type RtkPage = z.infer<typeof rtkPage>;

export const rtkDevParams = z.object({ devId: rtkDevIdSchema });

/** PUT allow/{devId}: opr 1 allows the device the service, 0 stops it. */
export const rtkAllowBody = z.object({ opr: z.union([z.literal(0), z.literal(1)]) });
export type RtkAllowBody = z.infer<typeof rtkAllowBody>;

/** PUT bind: binds a service key to a device (replacing the one it had). */
export const rtkBindBody = z.object({ qxdsk: qxdskSchema, devId: rtkDevIdSchema });
export type RtkBindBody = z.infer<typeof rtkBindBody>;

/** POST renewal/phone: every device on the drones of the account of the user with that phone. */
export const rtkRenewPhoneBody = z.object({ phone: rtkPhoneSchema, availableDays: availableDaysSchema });
export type RtkRenewPhoneBody = z.infer<typeof rtkRenewPhoneBody>;

/** POST renewal/btaddr: the one device with that Bluetooth address. */
export const rtkRenewBtaddrBody = z.object({ btaddr: btaddrSchema, availableDays: availableDaysSchema });
export type RtkRenewBtaddrBody = z.input<typeof rtkRenewBtaddrBody>;

export const rtkDeviceState = z.object({
  devId: z.string(),
  allowed: z.boolean(),
  qxdsk: z.string().nullable(),
  expiresAt: z.number().nullable(),
});
export type RtkDeviceState = z.infer<typeof rtkDeviceState>;

export const rtkRenewed = z.object({
  devId: z.string(),
  /** ms; null when the device had no service. */
  oldExpiresAt: z.number().nullable(),
  newExpiresAt: z.number(),
});
export const rtkRenewal = z.object({ count: z.number().int(), devices: z.array(rtkRenewed) });
export type RtkRenewal = z.infer<typeof rtkRenewal>;

/** The RTK service of a drone, for its detail. */
export const droneRtk = z.object({
  devId: z.string(),
  expiresAt: z.number().nullable(),
  allowed: z.boolean(),
  daysLeft: z.number().int().nullable(),
});
export type DroneRtk = z.infer<typeof droneRtk>;

/**
 * Calendar days of `timeZone` (the statistics time zone) from today to the day the service ends:
 * while it runs, the days left (0 on its last day), so that "N days left" agrees with the expiry
 * date shown beside it; once it has ended, minus the days since (at least -1, so a negative number
 * always means ended). Null with no expiry.
 */
export function rtkDaysLeft(expiresAt: number | null, now: number, timeZone: string): number | null {
  if (expiresAt === null) return null;
  const days = daysFrom(dayIn(now, timeZone), dayIn(expiresAt, timeZone));
  return expiresAt > now ? days : -Math.max(1, -days);
}
