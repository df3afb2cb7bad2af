/**
 * For the tests of this folder only: temp files, the openssl command line, and one signed and one
 * encrypted image built from the same plaintext.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptImage, type ImageBuilt } from './encrypt.ts';
import { type DeviceKeyPair, generateDeviceKey, generateSigningKey, type SigningKeyPair } from './keys.ts';
import { verifyImage } from './verify.ts';

export const OPENSSL = '/usr/bin/openssl';

/** Runs openssl; returns stdout as bytes (throws with openssl's stderr on failure). */
export function openssl(args: string[], input?: Buffer): Buffer {
  return execFileSync(OPENSSL, args, { input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** True when openssl exits 0. */
export function opensslOk(args: string[]): boolean {
  try {
    openssl(args);
    return true;
  } catch {
    return false;
  }
}

export interface Kit {
  dir: string;
  file(name: string, data?: Uint8Array | string): string;
  signing: SigningKeyPair;
  device: DeviceKeyPair;
  plain: Buffer;
  plainPath: string;
  signed: { path: string; built: ImageBuilt; bytes: Buffer };
  encrypted: { path: string; built: ImageBuilt; bytes: Buffer };
  /** verifyImage with the kit's key (revoked as given) and device key. */
  verify(path: string, revoked?: boolean): ReturnType<typeof verifyImage>;
  cleanup(): void;
}

/** A kit whose plaintext is `size` random bytes (not a multiple of 16, to exercise the padding). */
export async function makeKit(size = 2 * 1024 * 1024 + 600_001): Promise<Kit> {
  const dir = mkdtempSync(join(tmpdir(), 'fw-image-'));
  const file = (name: string, data?: Uint8Array | string) => {
    const p = join(dir, name);
    if (data !== undefined) writeFileSync(p, data);
    return p;
  };
  const signing = generateSigningKey();
  const device = generateDeviceKey();
  const plain = randomBytes(size);
  const plainPath = file('plain.bin', plain);
  const build = async (encrypt: boolean) => {
    const path = file(encrypt ? 'encrypted.img' : 'signed.img');
    const built = await encryptImage({
      input: plainPath,
      output: path,
      signingKey: signing.privateKeyPem,
      deviceKey: device.publicKeyRaw,
      version: { major: 1, minor: 4, revision: 2, build: 77 },
      loadAddr: 0,
      encrypt,
    });
    return { path, built, bytes: readFileSync(path) };
  };
  const signed = await build(false);
  const encrypted = await build(true);
  return {
    dir,
    file,
    signing,
    device,
    plain,
    plainPath,
    signed,
    encrypted,
    verify: (path, revoked = false) =>
      verifyImage({
        input: path,
        publicKeys: [{ keyId: signing.keyId, spkiDer: signing.publicKeySpkiDer, revoked }],
        deviceKeys: [{ id: device.id, privateKey: device.privateKeyPem }],
      }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The image's regions, read from its header: offsets for tests to aim at. */
export function regions(bytes: Buffer) {
  const hdrSize = bytes.readUInt16LE(8);
  const protSize = bytes.readUInt16LE(10);
  const imgSize = bytes.readUInt32LE(12);
  const protOff = hdrSize + imgSize;
  const tlvOff = protOff + protSize;
  const tlvs: { type: number; offset: number; len: number }[] = [];
  for (let off = tlvOff + 4; off < bytes.length; ) {
    const len = bytes.readUInt16LE(off + 2);
    tlvs.push({ type: bytes.readUInt16LE(off), offset: off, len });
    off += 4 + len;
  }
  const tlv = (type: number) => {
    const t = tlvs.find((x) => x.type === type);
    if (!t) throw new Error(`no TLV ${type}`);
    return { ...t, value: bytes.subarray(t.offset + 4, t.offset + 4 + t.len) };
  };
  return { hdrSize, protSize, imgSize, protOff, tlvOff, tlvs, tlv };
}

/** A copy of `bytes` with the byte at `at` inverted. */
export function flip(bytes: Buffer, at: number): Buffer {
  const b = Buffer.from(bytes);
  b[at] = (b[at] ?? 0) ^ 0xff;
  return b;
}
