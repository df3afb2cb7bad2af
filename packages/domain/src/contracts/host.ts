import { z } from 'zod';
import { DEFAULT_DIAL_CODES } from '../host.ts';
import { ALL_SCREENS, type Screen } from '../screens.ts';

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
  /** Online map sources of this deployment (the offline basemap needs none): a MapLibre style URL
   *  for satellite-streets, and an XYZ template of 256 px HD raster tiles ({z}/{x}/{y}). */
  mapSatelliteStyleUrl: z.string().url().optional(),
  mapHdTilesUrl: z.string().optional(),
});

/** What the web receives: the profile with its screens resolved. */
export const publicHostProfileSchema = hostProfileSchema.omit({ hosts: true, screens: true }).extend({
  screens: z.array(screenSchema),
});

/**
 * GET /api/system/host-profile: the public profile and the server's statistics time zone
 * (STAT_TIMEZONE), whose calendar days every date picker, period and "days left" of the web uses,
 * whatever the browser's zone (issue 21).
 */
export const hostProfileAnswerSchema = publicHostProfileSchema.extend({ statTimeZone: z.string() });
