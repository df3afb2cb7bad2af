/**
 * Simulated drones sign their flight logs (issue 23 point 2), as a drone with a signing module does:
 * each keeps the points of the sortie it is flying and, once the sortie is over (the drone switched
 * off for the refill: no point for SORTIE_GAP_MS), writes the sortie's log (modules/firmware/flightLog)
 * signed with its own Ed25519 key and hands it to its ground station's sender, which uploads it
 * (POST /api/telemetry/flightlog). The console then marks the sortie "log verified".
 *
 * A drone's key is derived from a secret kept in DATA_DIR (demo-keys/flightlog.seed, made once) and
 * its id, so a restarted console's drones sign with the keys registered before. The demo registers the
 * public halves on the drones' registry rows (`registerSimLogKeys`), as their maker would.
 */
import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TelemetryPoint } from '@agrifleet/domain';
import { ed25519KeyId, writeFlightLog } from '../../modules/firmware/flightLog/index.ts';
import type { Db } from '../../platform/db.ts';

/** No point for this long: the sortie is over (refills take minutes; points come every second). */
export const SORTIE_GAP_MS = 20_000;
/** A sortie longer than this many points is signed in parts of this size (an hour at 5 Hz). */
export const MAX_LOG_POINTS = 18_000;

export interface LogKey {
  keyId: string;
  privateKey: KeyObject;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The drone's key: Ed25519 from HKDF-SHA256(secret, salt "agrifleet-sim-flightlog", info droneId). */
export function simLogKey(secret: Buffer, droneId: string): LogKey {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'agrifleet-sim-flightlog', droneId, 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { keyId: ed25519KeyId(createPublicKey(privateKey)), privateKey };
}

/** The simulated drones' key secret under DATA_DIR, made on first use. */
export function simLogSecret(dataDir: string): Buffer {
  const dir = join(dataDir, 'demo-keys');
  const file = join(dir, 'flightlog.seed');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Registers each drone's public key on its row (as its maker would with POST firmware/dronekey) and
 * answers the keys of the drones that can sign: a key someone revoked is not used again.
 */
export async function registerSimLogKeys(db: Db, secret: Buffer, droneIds: readonly string[]) {
  const keys = new Map<string, LogKey>();
  for (const droneId of droneIds) {
    const key = simLogKey(secret, droneId);
    const spki = createPublicKey(key.privateKey).export({ format: 'der', type: 'spki' });
    await db
      .insertInto('drone_log_keys')
      .values({ drone_id: droneId, key_id: key.keyId, spki })
      .onConflict((oc) => oc.columns(['drone_id', 'key_id']).doNothing())
      .execute();
    const row = await db
      .selectFrom('drone_log_keys')
      .select('revoked_at')
      .where('drone_id', '=', droneId)
      .where('key_id', '=', key.keyId)
      .executeTakeFirst();
    if (row && !row.revoked_at) keys.set(droneId, key);
  }
  return keys;
}

/** One signed log: the drone, and the log's text. */
export interface SignedLog {
  droneId: string;
  text: string;
}

/**
 * Keeps each signing drone's points since its take-off and gives back the signed log of every
 * sortie that ended: at a gap of SORTIE_GAP_MS between two points, or when the drone has been
 * silent that long (`flush(now)`).
 */
export function sortieLogger(keys: ReadonlyMap<string, LogKey>) {
  const open = new Map<string, TelemetryPoint[]>();
  const sign = (droneId: string, points: TelemetryPoint[]): SignedLog => {
    const key = keys.get(droneId) as LogKey;
    const first = points[0] as TelemetryPoint;
    const text = writeFlightLog({
      droneId,
      sortieId: `${droneId}-${first.recordTime}`,
      keyId: key.keyId,
      privateKey: key.privateKey,
      records: points,
    });
    return { droneId, text };
  };
  return {
    /** The points a drone sent; answers the logs of the sorties they closed. */
    add(droneId: string, points: readonly TelemetryPoint[]): SignedLog[] {
      if (!keys.has(droneId)) return [];
      const out: SignedLog[] = [];
      let cur = open.get(droneId) ?? [];
      for (const p of points) {
        const last = cur.at(-1);
        if (last && (p.recordTime - last.recordTime > SORTIE_GAP_MS || cur.length >= MAX_LOG_POINTS)) {
          out.push(sign(droneId, cur));
          cur = [];
        }
        if (!last || p.recordTime > last.recordTime || cur.length === 0) cur.push(p);
      }
      open.set(droneId, cur);
      return out;
    },
    /** The logs of the sorties whose drone has been silent for SORTIE_GAP_MS by `now`. */
    flush(now: number): SignedLog[] {
      const out: SignedLog[] = [];
      for (const [droneId, cur] of open) {
        const last = cur.at(-1);
        if (last && now - last.recordTime > SORTIE_GAP_MS) {
          out.push(sign(droneId, cur));
          open.set(droneId, []);
        }
      }
      return out;
    },
  };
}
