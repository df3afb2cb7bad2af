/**
 * Demo RTK devices: a terminal on every seventh drone of each demo manufacturer, plus a few ground
 * station and handheld terminals in their stock, in every state the RTK list shows: service ended,
 * ending within 30 days, never started, stopped (not allowed), with and without a bound key.
 * Deterministic (by drone id order), apart from being relative to the seeding day.
 *
 * Demo keys are sealed and hashed under a fixed demo secret, not the server's (the seed has no
 * configuration): the list shows their masks like any other; binding a key replaces them.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { qxdskHasher, storedKey } from '../modules/rtk/rtk.service.ts';
import type { Database } from '../platform/schema.ts';
import { createSealer } from '../platform/seal.ts';

const DAY = 86_400_000;
const DEMO_SECRET = 'agrifleet-demo-rtk-keys';

const MAKERS = [
  {
    key: 'maker-a',
    prefix: 'JYRTK',
    oui: '5C:E8:83',
    pn: ['JY-RTK-M2', 'JY-RTK-M3'],
    stock: ['JY-GS-R5', 'JY-H1'],
  },
  { key: 'maker-b', prefix: 'YHRTK', oui: 'A4:C1:38', pn: ['YH-R1'], stock: ['YH-GS-2', 'YH-H2'] },
];

const hex2 = (n: number) => (n & 0xff).toString(16).toUpperCase().padStart(2, '0');
const btaddr = (oui: string, n: number) => `${oui}:${hex2(n >> 16)}:${hex2(n >> 8)}:${hex2(n)}`;

/** The expiry of the n-th device: ended, ending soon, never started or some months ahead. */
function expiryOf(n: number, now: number): Date | null {
  if (n % 13 === 7) return null;
  if (n % 9 === 0) return new Date(now - ((n % 40) + 1) * DAY);
  if (n % 9 === 1 || n % 9 === 5) return new Date(now + ((n % 25) + 2) * DAY);
  return new Date(now + (60 + ((n * 37) % 640)) * DAY);
}

export async function seedDemoRtk(trx: Kysely<Database>, accountIds: Map<string, number>) {
  const sealer = createSealer(DEMO_SECRET);
  const hash = qxdskHasher(DEMO_SECRET);
  const now = Date.now();
  for (const [m, maker] of MAKERS.entries()) {
    const zz = accountIds.get(maker.key);
    if (zz === undefined) continue;
    const drones = await trx
      .selectFrom('drones')
      .select('drone_id')
      .where('zz_account_id', '=', zz)
      .orderBy('drone_id')
      .execute();
    const mounted = drones.filter((_, i) => i % 7 === 3).map((d) => ({ droneId: d.drone_id, type: 1 }));
    const stock = maker.stock.flatMap((pn, i) => [
      { droneId: null, type: i + 2, pn },
      { droneId: null, type: i + 2, pn },
    ]);
    const rows = [...mounted, ...stock].map((d, i) => {
      const n = m * 1000 + i;
      const devId = `${maker.prefix}${26_000_100 + i}`;
      const key = i % 6 === 4 ? null : `qx${createHash('sha256').update(devId).digest('hex').slice(0, 14)}`;
      const stored = key ? storedKey(key, sealer, hash) : null;
      return {
        dev_id: devId,
        drone_id: d.droneId,
        zz_account_id: zz,
        pn: 'pn' in d ? d.pn : (maker.pn[i % maker.pn.length] as string),
        type: d.type,
        btaddr: btaddr(maker.oui, 0x100 + n * 7),
        qxdsk_sealed: stored?.sealed ?? null,
        qxdsk_mask: stored?.mask ?? null,
        qxdsk_hash: stored?.hash ?? null,
        allowed: i % 11 !== 3,
        expires_at: expiryOf(i, now),
        created_at: new Date(now - (400 - i) * DAY),
      };
    });
    if (rows.length) await trx.insertInto('rtk_devices').values(rows).execute();
  }
}
