import type { z } from 'zod';
import type {
  hostProfileAnswerSchema,
  hostProfileSchema,
  publicHostProfileSchema,
} from './contracts/host.ts';

/** Country dial codes of 000 §3, in the spec's order. `name` is a translation key (common.country.*). */
export const DIAL_CODES = [
  { value: '86', alias: 'CN' },
  { value: '66', alias: 'TH' },
  { value: '91', alias: 'IN' },
  { value: '82', alias: 'KR' },
  { value: '81', alias: 'JP' },
  { value: '55', alias: 'BR' },
  { value: '84', alias: 'VN' },
  { value: '598', alias: 'UY' },
  { value: '60', alias: 'MY' },
  { value: '90', alias: 'TR' },
  { value: '95', alias: 'MM' },
  { value: '886', alias: 'TW' },
] as const;
export type DialCode = (typeof DIAL_CODES)[number]['value'];
/** The first ten are offered by default (Myanmar and Taiwan excluded). */
export const DEFAULT_DIAL_CODES: string[] = DIAL_CODES.slice(0, 10).map((d) => d.value);

export type HostProfileInput = z.input<typeof hostProfileSchema>;
/** What the web receives: the profile with its screens resolved. */
export type PublicHostProfile = z.infer<typeof publicHostProfileSchema>;
/** The answer of GET /api/system/host-profile: the profile and the statistics time zone. */
export type HostProfileAnswer = z.infer<typeof hostProfileAnswerSchema>;
