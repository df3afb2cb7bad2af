/**
 * Fixed-window counters kept in memory. One server process owns its counters; behind a load
 * balancer, sticky routing or a shared store would be needed (docs/operations.md).
 */
import { errors } from './errors.ts';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts a hit on key; throws 429 with the wait when the rule's limit is passed. */
  hit(key: string, rule: RateRule): void;
  /** Throws 429 when key has used up the rule's limit, without counting a hit. */
  check(key: string, rule: RateRule): void;
  /** Forgets a key (after a successful login, say). */
  reset(key: string): void;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const sweep = (t: number) => {
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  };
  const wait = (resetAt: number, t: number) => errors.tooMany(Math.max(1, Math.ceil((resetAt - t) / 1000)));
  return {
    hit(key, rule) {
      const t = now();
      sweep(t);
      const mapKey = `${key}|${rule.windowSeconds}`;
      let w = windows.get(mapKey);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowSeconds * 1000 };
        windows.set(mapKey, w);
      }
      w.count += 1;
      if (w.count > rule.limit) throw wait(w.resetAt, t);
    },
    check(key, rule) {
      const t = now();
      const w = windows.get(`${key}|${rule.windowSeconds}`);
      if (w && w.resetAt > t && w.count >= rule.limit) throw wait(w.resetAt, t);
    },
    reset(key) {
      for (const k of windows.keys()) if (k.startsWith(`${key}|`)) windows.delete(k);
    },
  };
}

/**
 * The limits the auth calls use. The per-account sign-in rules count only attempts that cost the
 * caller something (a solved captcha, a guess at a live code), so nobody can lock an account out
 * with free requests.
 */
export const RATE_RULES = {
  codePerTarget: { limit: 1, windowSeconds: 60 },
  codePerTargetHour: { limit: 10, windowSeconds: 3600 },
  codePerIp: { limit: 30, windowSeconds: 3600 },
  loginPerAccount: { limit: 10, windowSeconds: 900 },
  /** Wrong guesses at live sign-in codes of one account. */
  codeLoginPerAccount: { limit: 10, windowSeconds: 900 },
  /** Old-password checks of the profile update, per user. */
  oldPasswordPerUser: { limit: 10, windowSeconds: 900 },
  loginPerIp: { limit: 60, windowSeconds: 900 },
  captchaPerIp: { limit: 120, windowSeconds: 60 },
  registerPerIp: { limit: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;
