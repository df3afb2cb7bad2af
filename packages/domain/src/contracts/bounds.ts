/**
 * The bounds of every value a request may carry, defined once (issue 9, finding 16). Every contract
 * builds its fields from these, so a number beyond the database column, a time outside the Date
 * range or a text with a NUL byte is refused with a 400 before any handler runs.
 *
 * Each schema comes twice: for JSON bodies (`idSchema`) and for the text of a path or query string,
 * coerced to a number first (`idParam`).
 */
import { z } from 'zod';

/** PostgreSQL integer (int4) range: ids and codes of integer columns. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
/**
 * The times a request may carry, ms since the epoch: from 1970-01-01T00:00:00.000Z to
 * 9999-12-29T23:59:59.999Z (issue 20, finding 14). Not the whole ECMAScript Date range (±8.64e15):
 * every consumer must handle every time in it, and the narrowest is a local day. In any time zone
 * (UTC-12..UTC+14) the local day of such a time, and the day after it, have four-digit years, so
 * 'YYYY-MM-DD' keys sort as text, Date.parse and PostgreSQL read them, Intl and date-fns format
 * them, and a range's exclusive end day (+1 day) stays a valid Date.
 */
export const MIN_MILLIS = 0;
export const MAX_MILLIS = Date.UTC(9999, 11, 30) - 1;
/** The longest free text a field takes unless its contract says less. */
export const MAX_TEXT = 1000;

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * No NUL byte (PostgreSQL cannot store it) and well-formed UTF-16: a lone surrogate has no UTF-8
 * form, so PostgreSQL refuses it in json and stores U+FFFD in text (issue 20, finding 5). The
 * regex is String.prototype.isWellFormed, which the web's ES2023 library does not declare.
 */
const STORABLE = (v: string) => !v.includes('\u0000') && !LONE_SURROGATE.test(v);
const nulMessage = { message: 'must not contain NUL bytes or lone surrogates' };

/** Any integer of an int4 column. */
export const int32Schema = z.number().int().min(INT32_MIN).max(INT32_MAX);
export const int32Param = z.coerce.number().int().min(INT32_MIN).max(INT32_MAX);
/** A row id of an integer column: 1..2^31-1. */
export const idSchema = z.number().int().min(1).max(INT32_MAX);
export const idParam = z.coerce.number().int().min(1).max(INT32_MAX);
/** A row id of a bigint column (sorties, anomalies, pictures): 1..2^53-1. */
export const bigIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const bigIdParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A time, ms since the epoch, within MIN_MILLIS..MAX_MILLIS. */
export const millisSchema = z.number().int().min(MIN_MILLIS).max(MAX_MILLIS);
export const millisParam = z.coerce.number().int().min(MIN_MILLIS).max(MAX_MILLIS);
/** A stored time brought into MIN_MILLIS..MAX_MILLIS (rows saved before the bound; never throws). */
export const clampMillis = (t: number) =>
  Number.isFinite(t) ? Math.min(MAX_MILLIS, Math.max(MIN_MILLIS, Math.trunc(t))) : MIN_MILLIS;
/** A page number or size (the contract narrows the size). */
export const pageNumberParam = z.coerce.number().int().min(1).max(INT32_MAX);

/** Text PostgreSQL can store as it is (no NUL byte, no lone surrogate), at most `max` characters. */
export const textSchema = (max = MAX_TEXT) => z.string().max(max).refine(STORABLE, nulMessage);
/** The same, trimmed first. */
export const trimmedText = (max = MAX_TEXT) => z.string().trim().max(max).refine(STORABLE, nulMessage);

/** Drone ids as drones send them: letters, digits, _ and -, 1..64 characters. */
export const DRONE_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** Drone ids as drones send them (DRONE_ID_RE: letters, digits, _ and -, 1..64). */
export const droneIdSchema = z.string().regex(DRONE_ID_RE);
/** A path or query that names one drone. */
export const droneParams = z.object({ droneId: droneIdSchema });

/** A time range of a query, ms; either end may be open. */
export const timeRangeQuery = z.object({
  startTime: millisParam.optional(),
  endTime: millisParam.optional(),
});
