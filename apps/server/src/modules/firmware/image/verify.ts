/**
 * Verifying an image file of any content, streamed (one 1 MiB buffer), as MCUboot would: the key by
 * its KEYHASH, the image key from ENC_X25519, SHA-256 over header + plaintext payload + protected
 * TLVs against the SHA256 TLV, and the Ed25519 signature over that digest. The answer is a typed
 * result with a reason code, never an exception for what the file holds; the place TLV only says
 * where a mismatch lies, the verdict comes from the hash and the signature.
 */
import { createDecipheriv, createHash, type KeyObject, verify } from 'node:crypto';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { unwrapImageKey, ZERO_IV } from './ecies.ts';
import {
  decodePlace,
  formatVersion,
  ImageError,
  KNOWN_PROTECTED_TLVS,
  PLACE_CHUNK_SHIFT,
  type PlaceInfo,
  TLV,
} from './format.ts';
import { readAt, readInto } from './io.ts';
import { keyHashOf, keyIdOfHash, parseDevicePrivateKey, parseSigningPublicKey } from './keys.ts';
import { isEncrypted, type Layout, type Place, readLayout, type VerifyReason } from './layout.ts';
import { pickTlvs } from './pick.ts';

export interface PublicKeyEntry {
  keyId: string;
  /** Ed25519 SubjectPublicKeyInfo DER (44 bytes). */
  spkiDer: Uint8Array;
  revoked: boolean;
}

export interface DeviceKeyEntry {
  id: string;
  /** X25519 private key: PKCS#8 PEM, raw 32 bytes, PKCS#8 DER, or a KeyObject. */
  privateKey: KeyObject | string | Uint8Array;
}

export interface VerifyImageOptions {
  input: string;
  publicKeys: PublicKeyEntry[];
  deviceKeys?: DeviceKeyEntry[];
}

export interface VerifyResult {
  valid: boolean;
  reason: VerifyReason;
  /** The signer's key id (from the KEYHASH TLV, or the known key whose signature it is); null if unread. */
  keyId: string | null;
  revoked: boolean;
  hashOk: boolean;
  signatureOk: boolean;
  version: string | null;
  encrypted: boolean;
  /** Where the damage is, when it can be told. */
  place?: Place;
  /** The SHA-256 computed over header + plaintext payload + protected TLVs (hex), when computed. */
  digest?: string;
  /** The device key that opened the image key. */
  deviceKeyId?: string;
  /** The file's size in bytes. */
  size: number;
}

const BUF = 2 ** PLACE_CHUNK_SHIFT;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

interface KnownKey {
  entry: PublicKeyEntry;
  key: KeyObject;
  hash: Buffer;
}

/** The digest of [0, tlvOff) with the payload decrypted, and the first payload chunk that differs. */
async function hashPass(fh: FileHandle, l: Layout, imageKey: Buffer | null, place: PlaceInfo | null) {
  const { hdrSize } = l.header;
  const digest = createHash('sha256').update(await readAt(fh, 0, hdrSize));
  const decipher = imageKey ? createDecipheriv('aes-128-ctr', imageKey, ZERO_IV) : null;
  const chunkSize = place?.chunkSize ?? BUF;
  const buf = Buffer.alloc(Math.min(BUF, chunkSize));
  let badChunk: number | null = null;
  for (let start = hdrSize, i = 0; start < l.protOff; start += chunkSize, i++) {
    const end = Math.min(start + chunkSize, l.protOff);
    const chunk = place ? createHash('sha256') : null;
    for (let pos = start; pos < end; pos += buf.length) {
      const want = Math.min(buf.length, end - pos);
      const got = await readInto(fh, buf, want, pos);
      if (got !== want) return null; // the file shrank while it was read
      const plain = decipher ? decipher.update(buf.subarray(0, got)) : buf.subarray(0, got);
      digest.update(plain);
      chunk?.update(plain);
    }
    if (chunk && badChunk === null && !chunk.digest().equals(place?.chunkHashes[i] ?? Buffer.alloc(0)))
      badChunk = i;
  }
  digest.update(await readAt(fh, l.protOff, l.tlvOff - l.protOff));
  const payloadPlace =
    badChunk === null
      ? null
      : ({
          region: 'payload',
          start: hdrSize + badChunk * chunkSize,
          end: Math.min(hdrSize + (badChunk + 1) * chunkSize, l.protOff),
        } satisfies Place);
  return { digest: digest.digest(), payloadPlace };
}

async function verifyOpen(
  fh: FileHandle,
  size: number,
  keys: KnownKey[],
  devices: { id: string; key: KeyObject }[],
): Promise<VerifyResult> {
  const base: VerifyResult = {
    valid: false,
    reason: 'badMagic',
    keyId: null,
    revoked: false,
    hashOk: false,
    signatureOk: false,
    version: null,
    encrypted: false,
    size,
  };
  const read = await readLayout(fh, size);
  const header = read.ok ? read.layout.header : read.header;
  if (header) Object.assign(base, { version: formatVersion(header.version), encrypted: isEncrypted(header) });
  if (!read.ok) return { ...base, reason: read.reason, place: read.place };
  const l = read.layout;
  const h = l.header;
  const headerPlace: Place = { region: 'header', start: 0, end: h.hdrSize };
  const protPlace: Place = { region: 'protectedTlv', start: l.protOff, end: l.tlvOff };

  // The place TLV (ours): checked first against the header, the one region it cannot be misled about.
  const places = l.prot.filter((e) => e.type === TLV.AF_PLACE);
  const place = places.length === 1 && places[0] ? decodePlace(places[0].value, h.imgSize) : null;
  const placeBroken = place === null && l.prot.some((e) => !KNOWN_PROTECTED_TLVS.has(e.type));
  if (place && !sha256(await readAt(fh, 0, h.hdrSize)).equals(place.headerHash))
    return { ...base, reason: 'hashMismatch', place: headerPlace };

  const picked = pickTlvs(l);
  if (!picked.ok) return { ...base, reason: picked.reason, ...(picked.place ? { place: picked.place } : {}) };
  const t = picked.tlvs;

  let signer = keys.find((k) => k.hash.equals(t.keyHash));
  let keyProblem: 'unknownKey' | 'keyHashMismatch' | null = null;
  if (!signer) {
    signer = keys.find((k) => verify(null, t.hash, k.key, t.signature));
    keyProblem = signer ? 'keyHashMismatch' : 'unknownKey';
  }
  const who = {
    keyId: signer?.entry.keyId ?? keyIdOfHash(t.keyHash),
    revoked: signer?.entry.revoked ?? false,
  };

  let imageKey: Buffer | null = null;
  let deviceKeyId: string | undefined;
  if (t.enc) {
    for (const d of devices) {
      imageKey = unwrapImageKey(t.enc.value, d.key);
      if (imageKey) {
        deviceKeyId = d.id;
        break;
      }
    }
    if (!imageKey) {
      const where = keyProblem === 'keyHashMismatch' ? t.keyPlace : devices.length ? t.encPlace : undefined;
      return { ...base, ...who, reason: keyProblem ?? 'cannotDecrypt', ...(where ? { place: where } : {}) };
    }
  }

  const pass = await hashPass(fh, l, imageKey, place);
  if (!pass) return { ...base, ...who, reason: 'truncated' };
  const hashOk = pass.digest.equals(t.hash);
  const signatureOk = signer ? verify(null, pass.digest, signer.key, t.signature) : false;
  const done: VerifyResult = {
    ...base,
    ...who,
    hashOk,
    signatureOk,
    digest: pass.digest.toString('hex'),
    ...(deviceKeyId ? { deviceKeyId } : {}),
  };

  // Where a hash mismatch lies: a payload chunk, else our place TLV itself, else the SHA256 TLV
  // (when the signature holds over what the file hashes to, only the stored hash was changed).
  const locate = (): Place | undefined => {
    if (pass.payloadPlace) return pass.payloadPlace;
    if (placeBroken) return protPlace;
    if (signatureOk) return t.hashPlace;
    return undefined;
  };
  const answer = (reason: VerifyReason, where?: Place): VerifyResult => ({
    ...done,
    valid: reason === 'ok',
    reason,
    ...(where ? { place: where } : {}),
  });
  if (keyProblem === 'keyHashMismatch') return answer(keyProblem, t.keyPlace);
  if (keyProblem) return answer(keyProblem, hashOk ? undefined : locate());
  if (!hashOk) return answer('hashMismatch', locate());
  if (!signatureOk) return answer('badSignature', t.signaturePlace);
  if (who.revoked) return answer('revoked');
  if (l.tlvEnd < size)
    return answer('trailingBytes', { region: 'trailingBytes', start: l.tlvEnd, end: size });
  return answer('ok');
}

/** Verifies the image at `input` against the tenant's signing keys (and device keys, to decrypt). */
export async function verifyImage(o: VerifyImageOptions): Promise<VerifyResult> {
  const keys: KnownKey[] = o.publicKeys.map((entry) => ({
    entry,
    key: parseSigningPublicKey(entry.spkiDer),
    hash: keyHashOf(entry.spkiDer),
  }));
  const devices = (o.deviceKeys ?? []).map((d) => ({ id: d.id, key: parseDevicePrivateKey(d.privateKey) }));
  // A regular file only (checked before opening: opening a FIFO would wait for a writer).
  const isFile = await stat(o.input).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!isFile) throw new ImageError('badInput', 'the image is not a readable regular file');
  let fh: FileHandle;
  try {
    fh = await open(o.input, 'r');
  } catch {
    throw new ImageError('badInput', 'cannot open the image file');
  }
  try {
    const now = await fh.stat();
    if (!now.isFile()) throw new ImageError('badInput', 'the image is not a regular file');
    return await verifyOpen(fh, now.size, keys, devices);
  } finally {
    await fh.close();
  }
}
