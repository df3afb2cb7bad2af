/**
 * RTK devices: the list of the caller's scope, the allow toggle, binding a service key and the
 * renewals. Keys are sealed (AES-256-GCM under the server secret) and identified by an HMAC so one
 * key binds one device; only their mask is ever sent back. Every accepted change is written to the
 * system log; renewals also to rtk_renewals (one row per device).
 */
import { createHmac, hkdfSync } from 'node:crypto';
import {
  ErrorCode,
  maskQxdsk,
  parseAccount,
  type RtkAllowBody,
  type RtkBindBody,
  type RtkListQuery,
  type RtkRenewal,
} from '@agrifleet/domain';
import type { DataScope } from '../../platform/auth/scope.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Sealer } from '../../platform/seal.ts';
import type { DeviceState, RenewalTarget, RtkRepo } from './rtk.repo.ts';

/** The furthest a renewal may push an expiry: 20 years from now. */
export const RTK_MAX_EXPIRY_YEARS = 20;

/** Who acts, as the log records it. */
export interface Actor {
  scope: DataScope;
  userId: number;
  accountId: number;
  ip: string | null;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'rtkDeviceNotFound');

/** The HMAC that identifies a service key (one key, one device) without keeping it readable. */
export function qxdskHasher(secret: string) {
  const hmacKey = Buffer.from(hkdfSync('sha256', secret, 'agrifleet', 'rtk-qxdsk-v1', 32));
  return (key: string) => createHmac('sha256', hmacKey).update(key).digest('hex');
}

/** What a bound key becomes in rtk_devices: sealed, masked and hashed. */
export function storedKey(key: string, sealer: Sealer, hash: (key: string) => string) {
  return { sealed: sealer.seal(key), mask: maskQxdsk(key), hash: hash(key) };
}

export function createRtkService(d: { repo: RtkRepo; sealer: Sealer; secret: string }) {
  const keyHash = qxdskHasher(d.secret);
  const maxExpiry = () => {
    const at = new Date();
    at.setUTCFullYear(at.getUTCFullYear() + RTK_MAX_EXPIRY_YEARS);
    return at;
  };

  async function renew(a: Actor, target: RenewalTarget, days: number): Promise<RtkRenewal> {
    const done = await d.repo.renew(
      a.scope,
      target,
      days,
      { userId: a.userId, accountId: a.accountId, ip: a.ip },
      maxExpiry(),
    );
    if (done === 'tooFar') throw errors.badRequest('rtkExpiryTooFar', { years: RTK_MAX_EXPIRY_YEARS });
    return { count: done.length, devices: done };
  }

  return {
    list: (scope: DataScope, q: RtkListQuery) => d.repo.list(scope, q),

    async allow(a: Actor, devId: string, body: RtkAllowBody): Promise<DeviceState> {
      const done = await d.repo.setAllowed(a.scope, devId, body.opr === 1);
      if (!done) throw notFound();
      return done;
    },

    async bind(a: Actor, body: RtkBindBody): Promise<DeviceState> {
      const key = storedKey(body.qxdsk, d.sealer, keyHash);
      let done: DeviceState | null;
      try {
        done = await d.repo.bind(a.scope, body.devId, key);
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new AppError(409, ErrorCode.conflict, 'rtkKeyTaken');
        throw err;
      }
      if (!done) throw notFound();
      return done;
    },

    /**
     * Renews every device in scope on the drones owned by the account(s) of the user with this
     * phone ("code-number" or a bare number with the host's dial code).
     */
    async renewByPhone(a: Actor, phone: string, days: number, dialCode: string): Promise<RtkRenewal> {
      const parsed = parseAccount(phone, dialCode.replace(/^\+/, ''));
      if (parsed?.kind !== 'phone') throw errors.badRequest('rtkPhoneInvalid');
      const owners = await d.repo.accountsOfPhone(parsed.countryCode, parsed.phone);
      const done = await renew(a, { ownerAccountIds: owners }, days);
      if (!done.count) throw new AppError(404, ErrorCode.notFound, 'rtkPhoneNotFound');
      return done;
    },

    async renewByBtaddr(a: Actor, btaddr: string, days: number): Promise<RtkRenewal> {
      const done = await renew(a, { btaddr }, days);
      if (!done.count) throw new AppError(404, ErrorCode.notFound, 'rtkBtaddrNotFound', { btaddr });
      return done;
    },
  };
}
export type RtkService = ReturnType<typeof createRtkService>;
