/** Builds the real app against a fresh PostgreSQL database for one test file. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/accounts.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { createLogger } from '../src/platform/logRedact.ts';
import type { Message, Transport } from '../src/platform/messaging.ts';
import { createRateLimiter } from '../src/platform/rateLimit.ts';
import { type HistoryOptions, seedHistory } from '../src/sim/historyGen.ts';

export type SentMessage = Message & { transport: string };

/** Captures what the app sends; `fail` makes the next sends throw. */
export function recordingTransport(name: string, sent: SentMessage[]) {
  const t = {
    name,
    fail: false,
    async send(m: Message) {
      if (t.fail) throw new Error('provider down');
      sent.push({ ...m, transport: name });
    },
  };
  return t satisfies Transport;
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database of its own for a test file, a copy of a template of globalSetup.ts. */
async function createDatabase(adminUrl: string, template: string): Promise<{ name: string; url: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  /** Use the transports the configuration names (SMS_PROVIDER, MAIL_PROVIDER) instead of recording ones. */
  configuredTransports?: boolean;
  /** Sees every route the app registers (AppDeps.onRoute). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the app's log goes, at level info (the server's own redacting logger); none: silent. */
  logStream?: DestinationStream;
  /** Registers extra (test-only) plugins on the app before it is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export async function createTestApp(opts: TestAppOptions = {}) {
  const adminUrl = inject('pgAdminUrl');
  const templates = inject('pgTemplates');
  // The demo data as seedDemo writes it, or (seed: false) the schema alone.
  const database = await createDatabase(adminUrl, opts.seed === false ? templates.schema : templates.demo);
  const db: Db = createDb(database.url, 4);
  const dataDir = mkdtempSync(join(tmpdir(), 'agrifleet-data-'));
  const dispose = async () => {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    // A shared server (TEST_DATABASE_URL) keeps no litter; the embedded one is removed whole.
    if (process.env.TEST_DATABASE_URL)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  };
  // The rate limiter's clock, which tests may move forward (the database keeps real time).
  let clockOffsetMs = 0;
  const limiter = createRateLimiter(() => Date.now() + clockOffsetMs);
  const sent: SentMessage[] = [];
  const sms = recordingTransport('sms-test', sent);
  const email = recordingTransport('email-test', sent);
  let app: FastifyInstance;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      AGRIFLEET_TEST_MODE: '1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      // No MQTT TCP listener per test app (MQTT over WebSocket still works); tests that need one set it.
      MQTT_PORT: '0',
      ...opts.env,
    });
    const transports = opts.configuredTransports ? undefined : { sms, email };
    app = await buildApp({
      config,
      db,
      logger: opts.logStream ? createLogger('info', opts.logStream) : createLogger('silent'),
      transports,
      limiter,
      onRoute: opts.onRoute,
    });
    await opts.beforeReady?.(app);
    await app.ready();
  } catch (err) {
    await dispose();
    throw err;
  }
  return {
    app,
    db,
    config,
    sent,
    sms,
    email,
    /** Moves the rate limiter's clock forward. */
    advanceLimiterClock(seconds: number) {
      clockOffsetMs += seconds * 1000;
    },
    /** The last code sent to a target ("86-13800000001" or an e-mail). */
    lastCode(target: string): string {
      const m = [...sent].reverse().find((s) => s.target === target);
      if (!m?.secret) throw new Error(`no code sent to ${target}`);
      return m.secret;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const demoUser = (role: string) => {
  const u = DEMO_USERS.find((d) => d.role === role);
  if (!u) throw new Error(`no demo user ${role}`);
  return { ...u, phoneNum: u.phone, target: `86-${u.phone}`, password: DEMO_PASSWORD };
};

/** A demo user by phone number ("13800000005"). */
export const demoByPhone = (phone: string) => {
  const u = DEMO_USERS.find((d) => d.phone === phone);
  if (!u) throw new Error(`no demo user ${phone}`);
  return demoUser(u.role);
};

/** Gets a captcha the way a browser does (cookie) and reads its answer through the test route. */
export async function captchaFor(
  t: TestApp,
  extra: Pick<InjectOptions, 'remoteAddress'> = {},
): Promise<{ cookie: string; answer: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/baseaccount/getVerify?r=1', ...extra });
  if (res.statusCode !== 200) throw new Error(`captcha failed: ${res.statusCode} ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
  const peek = await t.app.inject({ method: 'GET', url: '/api/__test/captcha', headers: { cookie } });
  return { cookie, answer: peek.json().answer };
}

/** POST loginPd with a fresh captcha answered rightly; returns the raw response. */
export async function loginPd(
  t: TestApp,
  payload: { phoneNum: string; password: string; rememberPassword?: boolean },
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const { cookie, answer } = await captchaFor(t, { remoteAddress: extra.remoteAddress });
  return t.app.inject({
    method: 'POST',
    url: '/api/user/baseaccount/loginPd',
    headers: { cookie, ...extra.headers },
    remoteAddress: extra.remoteAddress,
    payload: { ...payload, verifyCode: answer },
  });
}

/** Signs in by phone (or e-mail) and password; returns the bearer header and the login data. */
export async function signInWith(
  t: TestApp,
  phoneNum: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
) {
  const res = await loginPd(t, { phoneNum, password }, { headers });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${phoneNum} failed: ${res.body}`);
  const data = res.json().data;
  return { data, auth: { authorization: `Bearer ${data.jToken}` } as Record<string, string> };
}

/** Signs in a demo user (by role) by password. */
export const signIn = (t: TestApp, role: string, headers: Record<string, string> = {}) =>
  signInWith(t, demoUser(role).phoneNum, DEMO_PASSWORD, headers);

let addressSeq = 0;
/** A fresh client address for inject's remoteAddress (limits count per address). */
export const nextAddress = () => {
  addressSeq += 1;
  return `10.9.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

/** Requests a code and returns it as the recording transport saw it. */
export async function requestCode(
  t: TestApp,
  phoneNum: string,
  codeType: '1' | '2' | '3',
  target = phoneNum,
) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/baseaccount/getVerifyCode',
    query: { phoneNum, codeType },
    // Own address per request: the per-address limit is tested on its own.
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`code request for ${phoneNum} failed: ${res.body}`);
  return t.lastCode(target);
}

export const body = (res: LightMyRequestResponse) =>
  res.json() as { code: number; message: string; data?: unknown };

/** The demo callers fleet-data tests compare: platform, Jiangsu government, both makers, operator A, lease manager. */
export const FLEET_ROLES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  leaseManager: '13800000008',
} as const;
export type FleetRole = keyof typeof FLEET_ROLES;

/**
 * Signs in every fleet role, and looks up the accounts whose data they own: maker A
 * (极翼), maker B (云禾) and operator A (丰收).
 */
export async function fleetCallers(t: TestApp) {
  const auth = {} as Record<FleetRole, Record<string, string>>;
  for (const [role, phone] of Object.entries(FLEET_ROLES))
    auth[role as FleetRole] = (await signInWith(t, phone)).auth;
  const acc = await t.db.selectFrom('accounts').select(['id', 'account_name']).execute();
  const id = (name: string) => {
    const a = acc.find((x) => x.account_name === name);
    if (!a) throw new Error(`no demo account ${name}`);
    return a.id;
  };
  const ids = {
    makerA: id('极翼植保无人机有限公司'),
    makerB: id('云禾航空科技有限公司'),
    operatorA: id('丰收飞防服务合作社'),
  };
  return { auth, ids };
}

/** A test app with every fleet role signed in and a history of summaries (no tracks) seeded. */
export async function fleetWithHistory(history: Omit<HistoryOptions, 'tracksDays'>) {
  const t = await createTestApp();
  const callers = await fleetCallers(t);
  await seedHistory(t.db, { ...history, tracksDays: 0 });
  return { t, ...callers };
}
