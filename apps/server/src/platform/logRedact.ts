/**
 * The server's logger, with every credential redacted before a line is written (issue 20, finding
 * 10: the monitor socket's `access_token` query parameter was logged in full by Fastify's
 * "incoming request" line). main.ts and the tests build their logger here, so what is redacted is
 * decided once.
 *
 * Two layers:
 * - structured: pino `redact` paths for the request and reply headers that carry credentials
 *   (authorization, cookie, set-cookie) and for secret fields of a logged body, and a `req`
 *   serializer that writes the URL with its credential parameters redacted;
 * - every written line (pino's streamWrite hook, after serialisation, whatever logged it: an error's
 *   message, a nested object, a URL inside a string): query parameters named in SECRET_QUERY_PARAMS
 *   and JSON members named like a credential (SECRET_KEY_RE, at any depth) get the value REDACTED,
 *   and so does any private key's PEM block (PRIVATE_PEM_RE).
 *
 * Names that are also ordinary words in logs stay out of the JSON-member rule: `code` (every error
 * and envelope has one) and `key` are redacted as query parameters only.
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export const REDACTED = '[REDACTED]';

/** Query parameters whose value is a credential (case-insensitive). */
export const SECRET_QUERY_PARAMS = [
  'access_token',
  'accessToken',
  'token',
  'jToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'password',
  'oldPassword',
  'newPassword',
  'verifyCode',
  'code',
  'sign',
  'signature',
  'sig',
  'key',
  'apiKey',
  'api_key',
  'secret',
  'secretKey',
  'client_secret',
  'ticket',
] as const;

/**
 * JSON member names whose value is a credential (case-insensitive, whole name): headers
 * (authorization, cookie, set-cookie, x-...-token/-key/-secret/-signature) and body fields
 * (anything ending in token, password or secret; verifyCode, sign, signature, apiKey, ...).
 */
export const SECRET_KEY_RE =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-[a-z0-9-]*(?:token|key|secret|signature|auth)|[a-z_]*token|[a-z_]*password|passwd|[a-z_]*secret(?:_?key)?|verify_?code|sms_?code|captcha|sign|signature|sig|api_?key|private_?key|privkey)$/i;

const QUERY_NAMES = SECRET_QUERY_PARAMS.join('|');
/** `?name=value` / `&name=value` inside any text (URLs in messages included); the value up to & # or a quote. */
const QUERY_RE = new RegExp(`([?&;](?:${QUERY_NAMES})=)[^&#\\s"'\\\\]*`, 'gi');
/** A JSON member: its name, then a string, an array of strings, a number or a boolean. */
const MEMBER_RE =
  /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"|\[(?:\s*"(?:[^"\\]|\\.)*"\s*,?)*\s*\]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false)/g;

/**
 * A private key's PEM block anywhere in a line, whatever member or message carries it (firmware
 * signing keys travel in request bodies): from its BEGIN line to its END line, or, cut short, to the
 * end of the JSON string that holds it (base64 has no quote).
 */
const PRIVATE_PEM_RE =
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:(?!-----END)[^"])*(?:-----END [A-Z0-9 ]*PRIVATE KEY-----)?/g;

/** A URL (or any text) with the values of its credential query parameters redacted. */
export function redactUrl(url: string): string {
  return url.replace(QUERY_RE, `$1${REDACTED}`);
}

/** One serialised log line with every credential redacted (query parameters and JSON members). */
export function redactLine(line: string): string {
  const members = line.replace(MEMBER_RE, (whole, name: string, colon: string) =>
    SECRET_KEY_RE.test(name) ? `"${name}"${colon}"${REDACTED}"` : whole,
  );
  return redactUrl(members).replace(PRIVATE_PEM_RE, REDACTED);
}

const HEADER_PATHS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key'];
const BODY_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'verifyCode',
  'refreshToken',
  'token',
  'privkey',
];

/** pino redact paths: headers of a logged request or reply, secret fields of a logged body. */
export const REDACT_PATHS = [
  ...HEADER_PATHS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
  ...BODY_FIELDS.flatMap((f) => [`req.body.${f}`, `body.${f}`]),
];

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer (method, url, host, address), the URL's credentials redacted. */
export function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host ?? req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options every server logger uses (level aside). */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: pino.stdSerializers.err },
    hooks: { streamWrite: redactLine },
  };
}

/** The server's logger; `stream` for tests that read what is written. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}
