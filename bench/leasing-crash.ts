import type { TelemetryPoint } from '@agrifleet/domain';
import { signInOver } from '../apps/server/test/childConsole.ts';
import { shortSortie } from '../apps/server/test/shortSortie.ts';
import { childSite, query } from './childSite.ts';

const DRONES = 50;
const SECONDS = Number(process.env.LEASE_CRASH_SECONDS ?? 40);
const KILL_AT = 0.45;
const PRICE_MINOR = 500;
const RECHARGE_MINOR = 50_000_000;

const site = await childSite('lease_crash', 'lease-crash-secret-lease-crash-secret');
const base = () => site.base;

async function makerKey(): Promise<string> {
  const auth = await signInOver(base(), '13800000003');
  await fetch(`${base()}/api/user/account/secretKey`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ vid: 'crash-gw' }),
  });
  const text = await (await fetch(`${base()}/api/user/account/secretKey`, { headers: auth })).text();
  return `Basic ${Buffer.from(`crash-gw:${/secret=(.+)/.exec(text)?.[1]}`).toString('base64')}`;
}

/** Sortie k of drone i: drone i's field, 30 s after its sortie k − 1. */
const sortie = (i: number, k: number, t0: number): TelemetryPoint[] =>
  shortSortie(
    { lng: 114.5 + (i % 10) * 0.02, lat: 33.4 + Math.floor(i / 10) * 0.02 },
    t0 + k * 30_000,
    90 - k * 0.01,
  );

interface Sender {
  droneId: string;
  /** Sorties fully acknowledged (their points committed). */
  acked: number;
}

async function main() {
  let child = await site.start();
  const authorization = await makerKey();
  const lessor = (
    await query<{ id: number }>(
      site.dbUrl,
      `SELECT id FROM accounts WHERE account_name = '极翼植保无人机有限公司'`,
    )
  )[0]?.id as number;
  const client = (
    await query<{ id: number; account: number }>(
      site.dbUrl,
      `SELECT id, client_account_id AS account FROM lease_clients WHERE manufacturer_account_id = $1`,
      [lessor],
    )
  )[0] as { id: number; account: number };
  const drones = (
    await query<{ drone_id: string }>(
      site.dbUrl,
      `SELECT drone_id FROM drones d WHERE zz_account_id = $1
        AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.drone_id = d.drone_id AND l.status = 1)
        ORDER BY drone_id LIMIT ${DRONES}`,
      [lessor],
    )
  ).map((d) => d.drone_id);
  const t0 = Date.now() - 6 * 3_600_000;
  // The leases as addRental leaves them, from before the first sortie; a recharge as a paid notice posts it.
  await query(
    site.dbUrl,
    `UPDATE lease_clients SET mu_price_minor = ${PRICE_MINOR}, active_status = 2 WHERE id = $1;`,
    [client.id],
  );
  await query(
    site.dbUrl,
    `INSERT INTO leases (lessor_account_id, client_id, client_account_id, drone_id, lease_model, mu_price_minor,
       hour_price_minor, currency, start_time, previous_yy_account_id)
     SELECT $1, $2, $3, d, 1, ${PRICE_MINOR}, 0, 'CNY', to_timestamp($4::float8 / 1000), $1 FROM unnest($5::text[]) AS d`,
    [lessor, client.id, client.account, t0 - 60_000, drones],
  );
  await query(site.dbUrl, `UPDATE drones SET yy_account_id = $1, locked = false WHERE drone_id = ANY($2)`, [
    client.account,
    drones,
  ]);
  await query(
    site.dbUrl,
    `WITH t AS (SELECT nextval('lease_txn_seq') AS id)
     INSERT INTO lease_ledger (txn_id, book, client_id, amount_minor, currency, kind, ref)
     SELECT t.id, v.book, v.client, v.amount, 'CNY', 1, 'recharge:bench' FROM t,
       (VALUES ('client:' || $1::text, $1::int, ${RECHARGE_MINOR}::bigint), ('provider:bench', NULL, -${RECHARGE_MINOR}::bigint)) AS v(book, client, amount)`,
    [client.id],
  );
  // The server learns of the new operators at once (the registry's change notice).
  await query(site.dbUrl, `SELECT pg_notify('drone_registry', d) FROM unnest($1::text[]) AS d`, [drones]);

  const senders: Sender[] = drones.map((droneId) => ({ droneId, acked: 0 }));
  const perSecond = DRONES; // each drone one sortie a second: ~50 landings per second
  let killedAt = 0;
  let restartedAt = 0;
  let refused = 0;
  const began = Date.now();
  /** One round: every drone sends its next sortie (one request with all drones). */
  async function round(): Promise<boolean> {
    const body = {
      drones: senders.map((s, i) => ({ droneId: s.droneId, points: sortie(i, s.acked, t0) })),
    };
    try {
      const res = await fetch(`${base()}/api/telemetry/batch`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) {
        refused++;
        return false;
      }
      for (const s of senders) s.acked++;
      return true;
    } catch {
      refused++;
      return false;
    }
  }
  const rounds = Math.round(SECONDS);
  let done = 0;
  let lastCount = 0;
  while (done < rounds) {
    const tick = Date.now();
    if (!killedAt && Date.now() - began > SECONDS * KILL_AT * 1000) {
      // Requests in flight while the process dies: fire one, kill at once.
      const inFlight = round();
      await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      killedAt = Date.now();
      await inFlight;
      child = await site.start();
      restartedAt = Date.now();
      continue;
    }
    if (await round()) done++;
    lastCount = done;
    const wait = 1000 - (Date.now() - tick);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const sendSeconds = (Date.now() - began) / 1000;
  // Let the last landings close (the flush after the last ground points).
  const expected = senders.reduce((n, s) => n + s.acked, 0);
  const settleBy = Date.now() + 60_000;
  let stored = 0;
  while (Date.now() < settleBy) {
    stored = Number(
      (
        await query<{ n: string }>(site.dbUrl, `SELECT count(*) AS n FROM sorties WHERE drone_id = ANY($1)`, [
          drones,
        ])
      )[0]?.n,
    );
    if (stored >= expected) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const check = (
    await query<Record<string, string>>(
      site.dbUrl,
      `SELECT
        (SELECT count(*) FROM sorties s WHERE s.drone_id = ANY($1)) AS sorties,
        (SELECT count(*) FROM lease_charges WHERE kind = 2 AND drone_id = ANY($1)) AS charges,
        (SELECT count(*) FROM (SELECT sortie_id FROM lease_charges WHERE kind = 2 GROUP BY sortie_id HAVING count(*) > 1) x) AS doubled,
        (SELECT count(*) FROM sorties s WHERE s.drone_id = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM lease_charges c WHERE c.sortie_id = s.sortie_id)) AS uncharged,
        (SELECT count(*) FROM lease_charges c WHERE c.kind = 2
           AND NOT EXISTS (SELECT 1 FROM sorties s WHERE s.sortie_id = c.sortie_id)) AS orphans,
        (SELECT COALESCE(sum(amount_minor), 0) FROM lease_charges WHERE client_id = $2) AS charged,
        (SELECT COALESCE(sum(amount_minor), 0) FROM lease_ledger WHERE client_id = $2) AS balance,
        (SELECT COALESCE(sum(amount_minor), 0) FROM lease_ledger WHERE client_id = $2 AND kind = 1) AS recharged,
        (SELECT count(*) FROM (SELECT txn_id FROM lease_ledger GROUP BY txn_id, currency HAVING sum(amount_minor) <> 0) x) AS unbalanced,
        (SELECT count(*) FROM lease_charges c JOIN sorties s ON s.sortie_id = c.sortie_id
           WHERE c.amount_minor <> round(s.area_mu * ${PRICE_MINOR} + 1e-9)) AS mispriced`,
      [drones, client.id],
    )
  )[0] as Record<string, string>;
  const n = (k: string) => Number(check[k]);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const result = {
    drones: DRONES,
    sendSeconds: Math.round(sendSeconds * 10) / 10,
    targetLandingsPerSecond: perSecond,
    acknowledgedSorties: expected,
    landingsPerSecond: Math.round((expected / sendSeconds) * 10) / 10,
    killedAfterSeconds: Math.round((killedAt - began) / 100) / 10,
    restartSeconds: Math.round((restartedAt - killedAt) / 100) / 10,
    refusedRequestsAroundKill: refused,
    storedSorties: n('sorties'),
    charges: n('charges'),
    sortiesChargedTwice: n('doubled'),
    sortiesNotCharged: n('uncharged'),
    chargesWithoutSortie: n('orphans'),
    mispricedCharges: n('mispriced'),
    // The demo client had a recharge of its own before the bench's.
    balanceEqualsRechargeMinusCharges: n('balance') === n('recharged') - n('charged'),
    unbalancedTxns: n('unbalanced'),
    lastRound: lastCount,
  };
  console.log(JSON.stringify(result, null, 2));
  const ok =
    result.storedSorties >= expected &&
    result.charges === result.storedSorties &&
    !result.sortiesChargedTwice &&
    !result.sortiesNotCharged &&
    !result.chargesWithoutSortie &&
    !result.mispricedCharges &&
    result.balanceEqualsRechargeMinusCharges &&
    !result.unbalancedTxns;
  console.log(ok ? 'OK: every stored sortie of a leased drone has exactly one charge' : 'FAILED');
  process.exitCode = ok ? 0 : 1;
}

main()
  .catch((err) => {
    console.error(err, site.output().slice(-4000));
    process.exitCode = 1;
  })
  .finally(async () => {
    await site.drop();
  });
