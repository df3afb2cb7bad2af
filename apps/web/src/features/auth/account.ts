/**
 * How the account field of the sign-in pages becomes the phoneNum of the calls (000 §3, §7), which
 * validation layout applies, and the remembered account of "remember password" (000 §4).
 */
import { type Language, LIMITS, type PublicHostProfile, STORAGE_KEYS } from '@agrifleet/domain';

export type AccountMode = 'phone' | 'email';

/** Mainland layout: no India or Taiwan deployment and a Chinese UI; otherwise international (000 §5). */
export const isMainlandLayout = (host: PublicHostProfile, lang: string) =>
  !host.india && !host.taiwan && (lang === 'zh' || lang === 'zh-TW');

export const looksLikeEmail = (value: string) => value.includes('@');

/**
 * Login: an e-mail as is, a mainland (+86) number bare, another number as "<dial>-<number>". A bare
 * number means the deployment's default dial code to the server, so on a deployment whose default
 * is not +86 (India, Taiwan) a mainland number keeps its prefix too.
 */
export function loginPhoneNum(value: string, dialCode: string, hostDialCode = '86'): string {
  const v = value.trim();
  if (looksLikeEmail(v) || (dialCode === '86' && hostDialCode === '86')) return v;
  return `${dialCode}-${v}`;
}

/** Registration and reset: an e-mail as is, any number as "<dial>-<number>". */
export function fullPhoneNum(value: string, dialCode: string): string {
  const v = value.trim();
  return looksLikeEmail(v) ? v : `${dialCode}-${v}`;
}

interface Remembered {
  account: string;
  dialCode?: string;
  expires: number;
}

/** The account (never the password) kept for one week after a sign-in with "remember password". */
export const rememberedAccount = {
  read(): Omit<Remembered, 'expires'> | null {
    try {
      const r = JSON.parse(
        localStorage.getItem(STORAGE_KEYS.rememberPassword) ?? 'null',
      ) as Remembered | null;
      if (r && typeof r.account === 'string' && Date.now() < r.expires)
        return { account: r.account, dialCode: r.dialCode };
    } catch {
      /* unreadable: forgotten */
    }
    localStorage.removeItem(STORAGE_KEYS.rememberPassword);
    return null;
  },
  save(account: string, dialCode?: string) {
    const expires = Date.now() + LIMITS.rememberPasswordDays * 86_400_000;
    localStorage.setItem(
      STORAGE_KEYS.rememberPassword,
      JSON.stringify({ account, dialCode, expires } satisfies Remembered),
    );
  },
  forget() {
    localStorage.removeItem(STORAGE_KEYS.rememberPassword);
  },
};

/** Chinese UI languages, where the user agreement is offered (000 §2). */
export const isChinese = (lang: string): lang is Extract<Language, 'zh' | 'zh-TW'> =>
  lang === 'zh' || lang === 'zh-TW';
