/**
 * Helpers for the flight log tests: a drone key, a signed log of the sample sortie split into lines,
 * and a way to re-link (and re-sign) a log after a test has changed a line, as a forger would.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { canonicalize } from './canonical.ts';
import { ed25519KeyId, sha256Hex, signedMessage } from './chain.ts';
import type { FlightLogKey } from './format.ts';
import { sampleSortie } from './sample.ts';
import { writeFlightLog } from './sign.ts';

export const DRONE = 'T40-0001';
export const SORTIE = 'S-2026-11-11-3';

export interface DroneKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
}

export function droneKey(): DroneKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey, keyId: ed25519KeyId(publicKey) };
}

/** A lookup that knows one key of DRONE. */
export const lookupFor =
  (key: Pick<DroneKey, 'publicKey' | 'keyId'>, revoked = false) =>
  (droneId: string, keyId: string): FlightLogKey | null =>
    droneId === DRONE && keyId === key.keyId ? { publicKey: key.publicKey, revoked } : null;

/** The sample sortie's first `n` records, signed: the text and its lines (without '\n'). */
export function signedLog(n: number, key: DroneKey) {
  const records = sampleSortie(n);
  const text = writeFlightLog({
    droneId: DRONE,
    sortieId: SORTIE,
    keyId: key.keyId,
    privateKey: key.privateKey,
    records,
  });
  return { records, text, lines: text.slice(0, -1).split('\n') };
}

export const joinLines = (lines: readonly string[]) => lines.map((l) => `${l}\n`).join('');

/** Change line `index` (0-based) by editing its parsed value; the result is canonical again. */
export function editLine(lines: string[], index: number, edit: (v: Record<string, unknown>) => void) {
  const v = JSON.parse(lines[index] as string);
  edit(v);
  lines[index] = canonicalize(v);
}

/**
 * Recompute every prev and the head from the lines as they are now (a line whose link is already
 * right is left as it is); with a key, sign the head again.
 */
export function relink(lines: string[], privateKey?: KeyObject) {
  for (let i = 1; i < lines.length; i++) {
    const v = JSON.parse(lines[i] as string);
    const prev = sha256Hex(lines[i - 1] as string);
    if (v.type === 'rec') {
      if (v.prev === prev) continue;
      v.prev = prev;
    } else if (v.type === 'sig') {
      if (v.head === prev && !privateKey) continue;
      v.head = prev;
      if (privateKey) v.sig = sign(null, signedMessage(prev), privateKey).toString('base64url');
    }
    lines[i] = canonicalize(v);
  }
}
