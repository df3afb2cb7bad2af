/**
 * The stored login (000 §3 "Stored locally"): token with its expiry in seconds, and userInfo.
 * A token is valid while now is before its expiry; an expired one is cleared.
 */

import { type LoginResult, STORAGE_KEYS, type UserInfo } from '@agrifleet/domain';
import { useSyncExternalStore } from 'react';

interface StoredToken {
  token: string;
  expire: number;
  refreshToken?: string;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedUser: UserInfo | null = null;
const emit = () => {
  for (const l of listeners) l();
};

export const session = {
  token(): string | null {
    const raw = localStorage.getItem(STORAGE_KEYS.token);
    if (!raw) return null;
    try {
      const t = JSON.parse(raw) as StoredToken;
      if (Date.now() / 1000 < t.expire) return t.token;
    } catch {
      /* unreadable: treated as absent */
    }
    localStorage.removeItem(STORAGE_KEYS.token);
    return null;
  },
  refreshToken(): string | null {
    try {
      return (
        (JSON.parse(localStorage.getItem(STORAGE_KEYS.token) ?? 'null') as StoredToken | null)
          ?.refreshToken ?? null
      );
    } catch {
      return null;
    }
  },
  isValid(): boolean {
    return session.token() !== null;
  },
  /** The stored user info; the same object while the stored text is unchanged. */
  user(): UserInfo | null {
    const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cachedUser = JSON.parse(raw ?? 'null') as UserInfo | null;
      } catch {
        cachedUser = null;
      }
    }
    return cachedUser;
  },
  /** Stores the login answer: token (with expiry) and user info. */
  save(login: LoginResult) {
    const { jToken, expire, refreshToken, ...info } = login;
    localStorage.setItem(
      STORAGE_KEYS.token,
      JSON.stringify({ token: jToken, expire, refreshToken } satisfies StoredToken),
    );
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
    emit();
  },
  saveUser(info: UserInfo) {
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
    emit();
  },
  /** Clears stored credentials; the keys bigScreen and BigScreen survive (000 §3). */
  clear() {
    const keep: Record<string, string | null> = {};
    for (const k of [
      STORAGE_KEYS.bigScreen,
      STORAGE_KEYS.BigScreen,
      STORAGE_KEYS.language,
      STORAGE_KEYS.areaUnit,
      STORAGE_KEYS.asideStatus,
      STORAGE_KEYS.rememberPassword,
    ]) {
      keep[k] = localStorage.getItem(k);
    }
    localStorage.clear();
    for (const [k, v] of Object.entries(keep)) if (v !== null) localStorage.setItem(k, v);
    emit();
  },
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  },
};

/** The signed-in user, re-rendering when the session changes. */
export function useSessionUser(): UserInfo | null {
  return useSyncExternalStore(session.subscribe, session.user);
}
