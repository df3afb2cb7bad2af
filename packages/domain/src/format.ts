import type { Language } from './enums.ts';
import { wallClock } from './zonedTime.ts';

export const DEFAULT_TIME_FORMAT = 'YYYY/MM/DD HH:mm:ss';
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

let displayTimeZone: string | undefined;
/**
 * The time zone formatDate shows times in by default (the web sets the statistics time zone at
 * start, issue 21); undefined: the local time of the process.
 */
export function setDisplayTimeZone(timeZone: string | undefined) {
  displayTimeZone = timeZone;
}

/**
 * Formats a date with the tokens YYYY MM DD HH mm ss, in `timeZone` (default: the display time
 * zone, else local time).
 */
export function formatDate(
  value: Date | number | string | null | undefined,
  pattern = DEFAULT_TIME_FORMAT,
  timeZone = displayTimeZone,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const w = timeZone
    ? wallClock(d.getTime(), timeZone)
    : {
        y: d.getFullYear(),
        m: d.getMonth() + 1,
        d: d.getDate(),
        hh: d.getHours(),
        mm: d.getMinutes(),
        ss: d.getSeconds(),
      };
  const tokens: Record<string, string> = {
    YYYY: String(w.y),
    MM: pad(w.m),
    DD: pad(w.d),
    HH: pad(w.hh),
    mm: pad(w.mm),
    ss: pad(w.ss),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => tokens[t] ?? t);
}

/** Rounds to a number of decimals (2 by default), half away from zero. */
export function round(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return 0;
  // Shift by exponent notation so 1.005 rounds to 1.01 (1.005 * 100 is 100.49999...).
  const shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  return Math.sign(value) * Number(`${shifted}e-${decimals}`);
}

export function formatNumber(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return round(value, decimals).toFixed(decimals);
}

const SECOND_LABELS: Record<Language, [string, string, string, string]> = {
  zh: ['小时', '分', '秒', ''],
  'zh-TW': ['小時', '分', '秒', ''],
  en: ['h', 'm', 's', ' '],
  th: [' ชม.', ' นาที', ' วินาที', ' '],
  ko: ['시간', '분', '초', ' '],
};

/** Seconds as hours, minutes and seconds: "1小时2分3秒", "1h 2m 3s". Zero units are left out. */
export function formatSeconds(total: number, language: Language = 'zh'): string {
  const [h, m, s, sep] = SECOND_LABELS[language] ?? SECOND_LABELS.zh;
  const secs = Math.max(0, Math.floor(total));
  const hours = Math.floor(secs / 3600);
  const minutes = Math.floor((secs % 3600) / 60);
  const seconds = secs % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours}${h}`);
  if (minutes) parts.push(`${minutes}${m}`);
  if (seconds || parts.length === 0) parts.push(`${seconds}${s}`);
  return parts.join(sep);
}

/** Seconds to hours with one decimal (dashboards: seconds / 3600). */
export function secondsToHours(seconds: number): number {
  return round(seconds / 3600, 1);
}
