/**
 * The bounds of every value a request may carry, defined once (issue 9, finding 16). Every contract
 * builds its fields from these, so a number beyond the database column, a time outside the Date
 * range or a text with a NUL byte is refused with a 400 before any handler runs.
 *
 * Each schema comes twice: for JSON bodies (`idSchema`) and for the text of a path or query string,
 * coerced to a number first (`idParam`).
 */
import { z } from 'zod';
import { DRONE_ID_RE } from './telemetry.ts';

/** PostgreSQL integer (int4) range: ids and codes of integer columns. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/** The ECMAScript Date range, in ms either side of the epoch (a valid Date and timestamptz). */
export const MAX_MILLIS = 8_640_000_000_000_000;
/** The longest free text a field takes unless its contract says less. */
export const MAX_TEXT = 1000;

const NUL_FREE = (v: string) => !v.includes('\u0000');
const nulMessage = { message: 'must not contain NUL bytes' };

/** Any integer of an int4 column. */
export const int32Schema = z.number().int().min(INT32_MIN).max(INT32_MAX);
export const int32Param = z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
/** A row id of an integer column: 1..2^31-1. */
export const idSchema = z.number().int().min(1).max(INT32_MAX);
export const idParam = z.coerce.number().int().min(1).max(INT32_MAX);
/** A row id of a bigint column (sorties, anomalies, pictures): 1..2^53-1. */
export const bigIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const bigIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A time, ms since the epoch, within the Date range. */
export const millisSchema = z.number().int().min(-MAX_MILLIS).max(MAX_MILLIS);
export const millisParam = z.coerce.number().int().min(-MAX_MILLIS).max(MAX_MILLIS);
/** A page number or size (the contract narrows the size). */
export const pageNumberParam = z.coerce.number().int().min(1).max(INT32_MAX);

/** Text without NUL bytes (PostgreSQL cannot store them), at most `max` characters. */
export const textSchema = (max = MAX_TEXT) => z.string().max(max).refine(NUL_FREE, nulMessage);
/** The same, trimmed first. */
export const trimmedText = (max = MAX_TEXT) => z.string().trim().max(max).refine(NUL_FREE, nulMessage);

/** Drone ids as drones send them (DRONE_ID_RE: letters, digits, _ and -, 1..64). */
export const droneIdSchema = z.string().regex(DRONE_ID_RE);
/** A path or query that names one drone. */
export const droneParams = z.object({ droneId: droneIdSchema });

/** A time range of a query, ms; either end may be open. */
export const timeRangeQuery = z.object({
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});
