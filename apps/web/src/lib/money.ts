/** Money as the console shows it: the Intl locale of a UI language, and minor units formatted in it. */
import { formatMoney } from '@agrifleet/domain';

/** The Intl locale of a UI language. */
export const moneyLocale = (lng: string) =>
  ({ zh: 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US', th: 'th-TH', ko: 'ko-KR' })[lng] ?? 'en-US';

/** `minor` units of `currency` in the UI language `lng`. */
export const money = (minor: number, currency: string, lng: string) =>
  formatMoney(minor, currency, moneyLocale(lng));
