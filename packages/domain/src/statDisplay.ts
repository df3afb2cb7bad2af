/**
 * Display rules of the statistics dashboards (001 §5, §9), pure: ranking values 2 decimals, totals 1
 * decimal, hours = seconds / 3600 with 1 decimal, '-' for a missing value, numbers of 10,000 or more
 * in 万 with 2 decimals truncated, the large variant's hidden regional bars, short region names.
 *
 * Scales. 万 (10,000) is the scale of every language but English: Chinese and Korean (만) count in
 * ten-thousands natively and Thai has หมื่น. English has no ten-thousand word, so its scale is
 * thousands: §2 and §9 give English the divisors 1,000 and 1,000,000 ("k / 万"). We use them the
 * same way everywhere: a number of 10,000 or more shows in k (÷ 1,000) and from 1,000,000 in M
 * (÷ 1,000,000, the spec's "万" step of English, named for what it divides by); a chart whose values
 * are all divided by one scale (the mode-area pies, §9) uses ÷ 1,000,000 in English and ÷ 10,000
 * otherwise. The threshold (10,000) and the truncation to 2 decimals are the same in every language.
 */
import type { Language } from './enums.ts';
import { round } from './format.ts';

export const MISSING = '-';
export const SECONDS_PER_HOUR = 3600;
/** Where a number starts to show in a scale (§5). */
export const SCALE_THRESHOLD = 10_000;
/** The large variant hides regional bars below this (§5: value 0 or below 0.9999). */
export const REGION_BAR_MIN = 0.9999;

export type NumberScale = 'wan' | 'k' | 'million';
export const SCALE_DIVISOR: Record<NumberScale, number> = { wan: 10_000, k: 1_000, million: 1_000_000 };

type Num = number | null | undefined;
const missing = (v: Num): v is null | undefined => v === null || v === undefined || !Number.isFinite(v);

/** Truncates toward zero to `decimals` places (no rounding); 1.13 stays 1.13 despite 1.13 * 100 = 112.99999. */
export function truncate(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  // Round away the binary noise far below the last kept place first, then cut.
  const cut = Math.trunc(Number((value * factor).toFixed(6))) / factor;
  return cut === 0 ? 0 : cut;
}

/** The scale a number shows in, or null below the threshold. `english` picks the thousand-based scales. */
export function scaleOf(value: number, english: boolean): NumberScale | null {
  const a = Math.abs(value);
  if (a < SCALE_THRESHOLD) return null;
  if (!english) return 'wan';
  return a >= SCALE_DIVISOR.million ? 'million' : 'k';
}

/** A number as shown: the digits and the scale whose name follows them (null: none). */
export interface ScaledNumber {
  text: string;
  scale: NumberScale | null;
}

/**
 * A number with `decimals` places below the threshold, else in its scale with 2 decimals truncated.
 * Missing values show '-'.
 */
export function scaleNumber(value: Num, decimals: number, english = false): ScaledNumber {
  if (missing(value)) return { text: MISSING, scale: null };
  const scale = scaleOf(value, english);
  if (!scale) return { text: round(value, decimals).toFixed(decimals), scale: null };
  return { text: truncate(value / SCALE_DIVISOR[scale], 2).toFixed(2), scale };
}

/** Whether a language uses the thousand-based scales (k, M) instead of 万. */
export function usesThousands(language: Language | string): boolean {
  return language === 'en';
}

/** The one scale of a chart whose values are all divided (mode-area pies, §9): 万, or M in English. */
export function chartScale(english: boolean): NumberScale {
  return english ? 'million' : 'wan';
}

/** Ranking values: 2 decimals. */
export function formatRankValue(value: Num): string {
  return missing(value) ? MISSING : round(value, 2).toFixed(2);
}

/** Totals: 1 decimal. */
export function formatTotal(value: Num): string {
  return missing(value) ? MISSING : round(value, 1).toFixed(1);
}

/** Counts: whole numbers. */
export function formatCount(value: Num): string {
  return missing(value) ? MISSING : String(Math.round(value));
}

/** Hours from seconds: seconds / 3600 with 1 decimal (kept as a number for scaling). */
export function hoursOf(seconds: Num): number | null {
  return missing(seconds) ? null : round(seconds / SECONDS_PER_HOUR, 1);
}

export function formatHours(seconds: Num): string {
  return formatTotal(hoursOf(seconds));
}

/** The large variant's rule for regional bars: shown from 0.9999 up, so 0 and tiny values are hidden. */
export function isRegionBarShown(value: number): boolean {
  return Number.isFinite(value) && value >= REGION_BAR_MIN;
}

/** Keeps the categories (and their values) whose bar is shown. */
export function visibleRegionBars(names: readonly string[], values: readonly number[]) {
  const out = { names: [] as string[], values: [] as number[] };
  names.forEach((name, i) => {
    const v = values[i] ?? 0;
    if (!isRegionBarShown(v)) return;
    out.names.push(name);
    out.values.push(v);
  });
  return out;
}

/** Provinces whose names are cut to their common short form (simplified and traditional). */
const SHORT_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^内蒙古/, '内蒙古'],
  [/^內蒙古/, '內蒙古'],
  [/^新疆/, '新疆'],
  [/^西藏/, '西藏'],
  [/^广西/, '广西'],
  [/^廣西/, '廣西'],
  [/^宁夏/, '宁夏'],
  [/^寧夏/, '寧夏'],
  [/^Inner Mongolia/i, 'Inner Mongolia'],
  [/^Xinjiang/i, 'Xinjiang'],
  [/^Tibet/i, 'Tibet'],
  [/^Guangxi/i, 'Guangxi'],
  [/^Ningxia/i, 'Ningxia'],
];

/** Suffixes stripped from a province or city name, longest first (simplified and traditional). */
const SUFFIXES = [
  '维吾尔自治区',
  '維吾爾自治區',
  '壮族自治区',
  '壯族自治區',
  '回族自治区',
  '回族自治區',
  '特别行政区',
  '特別行政區',
  '自治区',
  '自治區',
  '省',
  '市',
];
const LATIN_SUFFIXES = /\s+(Province|Municipality|Autonomous Region|Special Administrative Region|SAR)$/i;

/** A region's name on an axis label: without its province / city suffix; five provinces shortened. */
export function shortRegionName(name: string): string {
  const trimmed = name.trim();
  for (const [pattern, short] of SHORT_NAMES) if (pattern.test(trimmed)) return short;
  for (const suffix of SUFFIXES) {
    if (trimmed.length > suffix.length && trimmed.endsWith(suffix)) return trimmed.slice(0, -suffix.length);
  }
  return trimmed.replace(LATIN_SUFFIXES, '') || trimmed;
}
