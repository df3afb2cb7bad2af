import { z } from 'zod';
import { idParam, idSchema, textSchema } from './bounds.ts';
import { pageQuery } from './envelope.ts';

/** Account applications (001 §3 "Apply filters"; 001 §4 apply type 1/2, status 1/2/3). */
export const applyListQuery = pageQuery.extend({
  accountId: idParam.optional(),
  accountName: textSchema(100).optional(),
  applyType: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  applyStatus: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
  /** 1 newest first (default sort order 1), 2 oldest first. */
  order: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});

export const applyRecord = z.object({
  applyId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountType: z.number().int(),
  applyType: z.number().int(),
  applyStatus: z.number().int(),
  contactName: z.string().nullable(),
  phoneNum: z.string().nullable(),
  email: z.string().nullable(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type ApplyRecord = z.infer<typeof applyRecord>;

export const applyDetail = applyRecord.extend({
  /** What the applicant submitted (registration payload without password and code). */
  content: z.record(z.string(), z.unknown()),
});

/** The path of one application. */
export const applyIdParams = z.object({ applyId: idParam });

export const applyStatusBody = z.object({
  applyId: idSchema,
  applyStatus: z.union([z.literal(2), z.literal(3)]),
});
