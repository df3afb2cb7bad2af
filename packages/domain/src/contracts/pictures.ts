/**
 * A drone's working pictures: uploaded by its ground station (POST /api/telemetry/picture,
 * multipart, the account key as Basic vid:secret), listed by the flight history
 * (GET drone/device/manage/pictures/{droneId}). The listed URLs are signed and expire
 * (an <img> can load them; a URL passed on stops working).
 */
import { z } from 'zod';
import { droneIdSchema, millisParam, pageNumberParam } from './bounds.ts';

/** The text fields sent before the file. */
export const pictureFields = z.object({
  droneId: droneIdSchema,
  recordTime: millisParam.min(1),
  lng: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
});

export const picturesQuery = z.object({
  currentPage: pageNumberParam.default(1),
  pageSize: pageNumberParam.max(100).default(20),
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});

export const pictureRecord = z.object({
  id: z.number(),
  time: z.number(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** Signed, valid for an hour or two. */
  url: z.string(),
});
