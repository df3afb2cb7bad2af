/**
 * Ground-station configuration (002 §3/§7, issue 23 point 3; modules/groundstation/README.md):
 * per account theme, launch and home page URLs and the server address the ground-station app uses,
 * inherited platform default -> parent account -> account, versioned, signed for the app.
 */
import { z } from 'zod';

export const GROUND_STATION_PATHS = {
  config: '/api/groundStation/config',
  appConfig: '/api/groundStation/app/config',
  appPublicKey: '/api/groundStation/app/publicKey',
  appApplied: '/api/groundStation/app/applied',
} as const;

/** The login themes (contracts/host.ts hostProfileSchema.theme). */
export const GROUND_STATION_THEMES = ['default', 'alternative'] as const;
export const GROUND_STATION_FIELDS = ['theme', 'launchPageUrl', 'homePageUrl', 'servAddr'] as const;
export type GroundStationField = (typeof GROUND_STATION_FIELDS)[number];

const clean = (s: string) =>
  !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

const HOST =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[[0-9a-fA-F:]+\]|(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;

function httpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && HOST.test(u.hostname);
  } catch {
    return false;
  }
}

/** host[:port] (hostname, IPv4 or [IPv6], port 1-65535) or an http(s) URL. */
export function isServAddr(s: string): boolean {
  if (/^https?:\/\//i.test(s)) return httpUrl(s);
  const m = /^(\[[0-9a-fA-F:]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(s);
  if (!m?.[1] || !HOST.test(m[1])) return false;
  return m[2] === undefined || (Number(m[2]) >= 1 && Number(m[2]) <= 65535);
}

const url = z.string().trim().max(512).refine(clean).refine(httpUrl, { message: 'http(s) URL' });
const servAddr = z
  .string()
  .trim()
  .max(512)
  .refine(clean)
  .refine(isServAddr, { message: 'host[:port] or http(s) URL' });
const accountId = z.coerce.number().int().min(1).max(2_147_483_647);

/** The values; null: not set here (inherited). */
export const groundStationValues = z.object({
  theme: z.enum(GROUND_STATION_THEMES).nullable(),
  launchPageUrl: url.nullable(),
  homePageUrl: url.nullable(),
  servAddr: servAddr.nullable(),
});
export type GroundStationValues = z.infer<typeof groundStationValues>;

export const groundStationQuery = z.object({ accountId });
export const groundStationSave = groundStationValues.extend({ accountId });
export type GroundStationSave = z.infer<typeof groundStationSave>;

export const groundStationSource = z.enum(['default', 'parent', 'account']);
export const groundStationDevice = z.object({
  deviceId: z.string(),
  version: z.number().int(),
  lastSeen: z.string(),
});
export const groundStationConfig = z.object({
  accountId: z.number().int(),
  /** What the account itself sets (null: inherited). */
  own: groundStationValues,
  /** The effective values and, per field, where each comes from (null: set nowhere). */
  effective: groundStationValues,
  sources: z.record(z.enum(GROUND_STATION_FIELDS), groundStationSource.nullable()),
  /** The inherited value per field (what the account would get without its own). */
  inherited: groundStationValues,
  /** Per field where the inherited value comes from (`default` | `parent`; null: set nowhere above). */
  inheritedSources: z.record(
    z.enum(GROUND_STATION_FIELDS),
    groundStationSource.exclude(['account']).nullable(),
  ),
  /** The account's own save counter (0 before any save; a POST answers it). */
  version: z.number().int(),
  /**
   * The version the app gets (app/config) and reports (app/applied): the sum of the own versions of
   * the chain (platform default, every ancestor, the account), so a save anywhere in the chain raises it.
   */
  effectiveVersion: z.number().int(),
  devices: z.array(groundStationDevice),
});
export type GroundStationConfig = z.infer<typeof groundStationConfig>;

export const groundStationAppConfig = z.object({
  accountId: z.number().int(),
  /** The effective version (groundStationConfig.effectiveVersion). */
  version: z.number().int(),
  config: groundStationValues,
  /** Ed25519 over the RFC 8785 canonical JSON of {accountId, version, config}, base64. */
  signature: z.string(),
});
export const groundStationPublicKey = z.object({ algorithm: z.literal('Ed25519'), publicKeyPem: z.string() });
export const groundStationApplied = z.object({
  deviceId: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/),
  version: z.number().int().min(0).max(2_147_483_647),
});
