import { z } from 'zod';
import { ALL_SCREENS, type Screen } from './screens.ts';

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

const screenSchema = z.enum(ALL_SCREENS as [Screen, ...Screen[]]);

/** A deployment ("host profile"): which screens exist and how the site looks, chosen by Host header. */
export const hostProfileSchema = z.object({
  name: z.string(),
  hosts: z.array(z.string()).default([]),
  /** 'all', or the list of screens this deployment offers; omitted: the default list. */
  screens: z.union([z.literal('all'), z.array(screenSchema)]).optional(),
  theme: z.enum(['default', 'alternative']).default('default'),
  india: z.boolean().default(false),
  taiwan: z.boolean().default(false),
  /** [lng, lat] */
  mapCenter: z.tuple([z.number(), z.number()]).default([104.2, 35.9]),
  dialCode: z.string().default('86'),
  /** Dial codes offered at sign-in (international layout). */
  dialCodes: z.array(z.string()).default(DEFAULT_DIAL_CODES),
  /** Dial codes offered at registration. */
  registerDialCodes: z.array(z.string()).default(['86', '66']),
  /** Site title per language; falls back to the app's own title. */
  title: z.record(z.string(), z.string()).default({}),
  logo: z.string().default('/brand/logo.svg'),
  copyright: z.string().optional(),
});
export type HostProfileInput = z.input<typeof hostProfileSchema>;

/** What the web receives: the profile with its screens resolved. */
export const publicHostProfileSchema = hostProfileSchema.omit({ hosts: true, screens: true }).extend({
  screens: z.array(screenSchema),
});
export type PublicHostProfile = z.infer<typeof publicHostProfileSchema>;
