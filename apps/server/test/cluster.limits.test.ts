/**
 * Limits across the processes of a cluster (issue 24 #4; platform/rateLimit.ts): two cluster-mode
 * apps on one database count every throttle together, so a limit of N holds however the requests
 * are spread over them, in parallel; a captcha or a code issued by one is answered on the other;
 * the refused-key log is written once a minute per key across processes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createKeysService } from '../src/modules/accounts/keys.service.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { createLogger } from '../src/platform/logRedact.ts';
import { createLimitsDb, createStoredRateLimiter, RATE_RULES } from '../src/platform/rateLimit.ts';
import { createSealer } from '../src/platform/seal.ts';
import {
  createTestApp,
  demoByPhone,
  demoUser,
  nextAddress,
  recordingTransport,
  type SentMessage,
  type TestApp,
} from './helper.ts';
import { type NatsServer, startNatsServer } from './natsServer.ts';

let t: TestApp;
let url: string;
const apps: FastifyInstance[] = [];
const dbs: Db[] = [];
const sent: SentMessage[] = [];

let nats: NatsServer;

beforeAll(async () => {
  nats = await startNatsServer();
  t = await createTestApp();
  url = t.config.databaseUrl as string;
  for (const nodeId of ['a', 'b']) {
    const db = createDb(url, 4);
    dbs.push(db);
    const app = await buildApp({
      config: { ...t.config, cluster: { natsUrl: nats.url, nodeId, partitions: 4 } },
      db,
      logger: createLogger('silent'),
      transports: { sms: recordingTransport('sms', sent), email: recordingTransport('email', sent) },
    });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  for (const db of dbs) await db.destroy();
  await t?.close();
  await nats?.stop();
});

const [a, b] = [() => apps[0] as FastifyInstance, () => apps[1] as FastifyInstance];
/** Request i goes to app a or b in turn (a load balancer's round robin). */
const either = (i: number) => (i % 2 === 0 ? a() : b());

describe('throttles counted across two apps', () => {
  it('lets exactly N of parallel requests from one address pass, spread over both', async () => {
    const remoteAddress = nextAddress();
    const n = RATE_RULES.captchaPerIp.limit;
    const res = await Promise.all(
      Array.from({ length: n + 20 }, (_, i) =>
        either(i).inject({ method: 'GET', url: '/api/user/baseaccount/getVerify', remoteAddress }),
      ),
    );
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(n);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    // Both apps served some of them, and both refuse now.
    expect(codes.filter((c, i) => c === 200 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(codes.filter((c, i) => c === 200 && i % 2 === 1).length).toBeGreaterThan(0);
    for (const app of [a(), b()])
      expect(
        (await app.inject({ method: 'GET', url: '/api/user/baseaccount/getVerify', remoteAddress }))
          .statusCode,
      ).toBe(429);
  });

  it('sends one code a minute to a target however many processes are asked at once', async () => {
    const phoneNum = demoUser('operator').phoneNum;
    const before = sent.length;
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        either(i).inject({
          method: 'GET',
          url: '/api/user/baseaccount/getVerifyCode',
          query: { phoneNum, codeType: '2' },
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(sent.length - before).toBe(1);
  });
});

describe('captchas and codes across two apps', () => {
  it('answers on one app a captcha another issued', async () => {
    const issued = await a().inject({ method: 'GET', url: '/api/user/baseaccount/getVerify' });
    expect(issued.statusCode).toBe(200);
    const cookie = String(issued.headers['set-cookie']).split(';')[0] as string;
    const peek = await a().inject({ method: 'GET', url: '/api/__test/captcha', headers: { cookie } });
    const u = demoByPhone('13800000001');
    const res = await b().inject({
      method: 'POST',
      url: '/api/user/baseaccount/loginPd',
      headers: { cookie },
      payload: { phoneNum: u.phoneNum, password: u.password, verifyCode: peek.json().answer },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Used up: the same answer on the first app is refused.
    const again = await a().inject({
      method: 'POST',
      url: '/api/user/baseaccount/loginPd',
      headers: { cookie },
      payload: { phoneNum: u.phoneNum, password: u.password, verifyCode: peek.json().answer },
    });
    expect(again.statusCode).not.toBe(200);
  });

  it('checks on one app a code another sent', async () => {
    const phoneNum = demoUser('government').phoneNum;
    const asked = await a().inject({
      method: 'GET',
      url: '/api/user/baseaccount/getVerifyCode',
      query: { phoneNum, codeType: '1' },
      remoteAddress: nextAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = [...sent].reverse().find((m) => m.target === `86-${phoneNum}`)?.secret;
    expect(code).toMatch(/^\d{4}$/);
    const checked = await b().inject({
      method: 'GET',
      url: '/api/user/baseaccount/checkVerifyCode',
      query: { phoneNum, code: code as string, checkOpr: '1' },
      remoteAddress: nextAddress(),
    });
    expect(checked.statusCode, checked.body).toBe(200);
  });
});

describe('the stored counters', () => {
  it('count in one window, refuse with the wait, and open a new window when it ends', async () => {
    let now = Date.now();
    const limits = createLimitsDb(url, 2);
    try {
      const p = createStoredRateLimiter(limits, () => now);
      const q = createStoredRateLimiter(limits, () => now);
      const rule = { limit: 3, windowSeconds: 60 };
      const key = `unit:${nextAddress()}`;
      await p.hit(key, rule);
      await q.hit(key, rule);
      await p.hit(key, rule);
      await expect(q.check(key, rule)).rejects.toMatchObject({ status: 429 });
      await expect(q.hit(key, rule)).rejects.toMatchObject({ status: 429 });
      now += 61_000;
      await q.check(key, rule);
      await q.hit(key, rule);
      await q.reset(key);
      for (let i = 0; i < 3; i++) await p.hit(key, rule);
      await expect(p.hit(key, rule)).rejects.toMatchObject({ status: 429 });
    } finally {
      await limits.destroy();
    }
  });
});

describe('the refused-key log across processes', () => {
  it('writes one row a minute for a disabled account key refused by two processes at once', async () => {
    const account = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '极翼植保无人机有限公司')
      .executeTakeFirstOrThrow();
    const sealer = createSealer(t.config.jwtSecret);
    const limits = createLimitsDb(url, 4);
    try {
      const [p, q] = [0, 1].map(() =>
        createKeysService(t.db, sealer, undefined, Date.now, createStoredRateLimiter(limits)),
      ) as [ReturnType<typeof createKeysService>, ReturnType<typeof createKeysService>];
      const vid = `refused-${nextAddress().replaceAll('.', '-')}`;
      await p.create(account.id, vid);
      const key = await p.current(account.id);
      await t.db.updateTable('accounts').set({ enabled: false }).where('id', '=', account.id).execute();
      const tries = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? p : q).verify(vid, key?.secret as string)),
      );
      expect(tries.every((r) => r.status === 'rejected')).toBe(true);
      const rows = await t.db
        .selectFrom('system_logs')
        .select('id')
        .where('target', '=', `vid=${vid}`)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await t.db.updateTable('accounts').set({ enabled: true }).where('id', '=', account.id).execute();
      await limits.destroy();
    }
  });
});
