/**
 * Signing keys (Ed25519) and device keys (X25519), node:crypto only. A key id is the lowercase hex
 * of the first 8 bytes of SHA-256 over the SubjectPublicKeyInfo DER; for a signing key that
 * SHA-256 is also MCUboot's KEYHASH TLV (imgtool's Ed25519 get_public_bytes() is the SPKI DER).
 * Errors never carry the key text.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { ImageError } from './format.ts';

/** DER prefixes of a 32-byte raw key: SubjectPublicKeyInfo and PKCS#8 (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const X25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const MAX_PEM_CHARS = 4096;
const PEM_BLOCK = (label: string) =>
  new RegExp(`^-----BEGIN ${label}-----\\r?\\n[A-Za-z0-9+/=\\r\\n]+-----END ${label}-----$`);
const PRIVATE_PEM = PEM_BLOCK('PRIVATE KEY');
const PUBLIC_PEM = PEM_BLOCK('PUBLIC KEY');

export const keyHashOf = (spkiDer: Uint8Array) => createHash('sha256').update(spkiDer).digest();
export const keyIdOfHash = (keyHash: Uint8Array) => Buffer.from(keyHash.subarray(0, 8)).toString('hex');
export const keyIdOf = (spkiDer: Uint8Array) => keyIdOfHash(keyHashOf(spkiDer));

const bad = (what: string): never => {
  throw new ImageError('badKey', what);
};

function pemText(input: unknown, re: RegExp, what: string): string {
  if (typeof input !== 'string') return bad(`${what}: not a string`);
  if (input.length > MAX_PEM_CHARS) return bad(`${what}: longer than ${MAX_PEM_CHARS} characters`);
  if (input.includes('\0')) return bad(`${what}: contains a NUL byte`);
  const text = input.trim();
  if (!re.test(text)) return bad(`${what}: not a PEM block of the expected kind`);
  return text;
}

function attempt<T>(fn: () => T, what: string): T {
  try {
    return fn();
  } catch {
    // The cause is dropped on purpose: OpenSSL's message is no use to a user and must not echo input.
    return bad(`${what}: unreadable`);
  }
}

export interface SigningPublicKey {
  keyId: string;
  /** SHA-256 of the SPKI DER: MCUboot's KEYHASH TLV. */
  keyHash: Buffer;
  publicKeySpkiDer: Buffer;
  publicKeyPem: string;
}

export interface SigningKeyPair extends SigningPublicKey {
  /** PKCS#8 PEM, handed to the user once; never stored by the console. */
  privateKeyPem: string;
}

export function describeSigningKey(key: KeyObject): SigningPublicKey {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  if (pub.asymmetricKeyType !== 'ed25519') return bad('signing key: not Ed25519');
  const publicKeySpkiDer = pub.export({ format: 'der', type: 'spki' });
  const keyHash = keyHashOf(publicKeySpkiDer);
  return {
    keyId: keyIdOfHash(keyHash),
    keyHash,
    publicKeySpkiDer,
    publicKeyPem: pub.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

export function generateSigningKey(): SigningKeyPair {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    ...describeSigningKey(privateKey),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** An Ed25519 private key from an unencrypted PKCS#8 PEM; anything else throws ImageError badKey. */
export function parsePrivateKey(pem: unknown): KeyObject {
  const text = pemText(pem, PRIVATE_PEM, 'signing key');
  const key = attempt(() => createPrivateKey({ key: text, format: 'pem' }), 'signing key');
  if (key.asymmetricKeyType !== 'ed25519') return bad('signing key: not Ed25519');
  return key;
}

/** An Ed25519 public key from its SPKI DER (as stored with a key id). */
export function parseSigningPublicKey(spkiDer: Uint8Array): KeyObject {
  if (!(spkiDer instanceof Uint8Array) || spkiDer.length !== 44)
    return bad('public key: not an Ed25519 SPKI');
  const der = Buffer.from(spkiDer);
  if (!der.subarray(0, 12).equals(ED25519_SPKI_PREFIX)) return bad('public key: not an Ed25519 SPKI');
  return attempt(() => createPublicKey({ key: der, format: 'der', type: 'spki' }), 'public key');
}

export interface DevicePublicKey {
  /** keyIdOf(SPKI DER), the same scheme as signing keys. */
  id: string;
  publicKeyRaw: Buffer;
  publicKeySpkiDer: Buffer;
  publicKeyPem: string;
}

export interface DeviceKeyPair extends DevicePublicKey {
  /** PKCS#8 PEM: provisioned into the drone's bootloader. */
  privateKeyPem: string;
}

function describeDeviceKey(pub: KeyObject): DevicePublicKey {
  const publicKeySpkiDer = pub.export({ format: 'der', type: 'spki' });
  return {
    id: keyIdOf(publicKeySpkiDer),
    publicKeyRaw: publicKeySpkiDer.subarray(X25519_SPKI_PREFIX.length),
    publicKeySpkiDer,
    publicKeyPem: pub.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

export function generateDeviceKey(): DeviceKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    ...describeDeviceKey(publicKey),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** A device's X25519 public key: raw 32 bytes, SPKI DER, SPKI PEM, or a KeyObject. */
export function parseDevicePublicKey(
  input: Uint8Array | string | KeyObject,
): DevicePublicKey & { key: KeyObject } {
  let key: KeyObject;
  if (typeof input === 'string') {
    const text = pemText(input, PUBLIC_PEM, 'device key');
    key = attempt(() => createPublicKey({ key: text, format: 'pem' }), 'device key');
  } else if (input instanceof Uint8Array) {
    const b = Buffer.from(input);
    const der = b.length === 32 ? Buffer.concat([X25519_SPKI_PREFIX, b]) : b;
    if (der.length !== 44 || !der.subarray(0, 12).equals(X25519_SPKI_PREFIX))
      return bad('device key: not an X25519 public key');
    key = attempt(() => createPublicKey({ key: der, format: 'der', type: 'spki' }), 'device key');
  } else if (input && typeof input === 'object' && 'asymmetricKeyType' in input && input.type === 'public')
    key = input;
  else return bad('device key: unsupported form');
  if (key.asymmetricKeyType !== 'x25519') return bad('device key: not X25519');
  return { ...describeDeviceKey(key), key };
}

/** A device's X25519 private key: PKCS#8 PEM, raw 32 bytes, PKCS#8 DER, or a KeyObject. */
export function parseDevicePrivateKey(input: Uint8Array | string | KeyObject): KeyObject {
  let key: KeyObject;
  if (typeof input === 'string') {
    const text = pemText(input, PRIVATE_PEM, 'device private key');
    key = attempt(() => createPrivateKey({ key: text, format: 'pem' }), 'device private key');
  } else if (input instanceof Uint8Array) {
    const b = Buffer.from(input);
    const der = b.length === 32 ? Buffer.concat([X25519_PKCS8_PREFIX, b]) : b;
    if (der.length > MAX_PEM_CHARS) return bad('device private key: too long');
    key = attempt(() => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), 'device private key');
  } else if (input && typeof input === 'object' && 'asymmetricKeyType' in input && input.type === 'private')
    key = input;
  else return bad('device private key: unsupported form');
  if (key.asymmetricKeyType !== 'x25519') return bad('device private key: not X25519');
  return key;
}

/** The raw 32-byte X25519 public key (an ephemeral key in the ENC_X25519 TLV). */
export const x25519Raw = (pub: KeyObject) => pub.export({ format: 'der', type: 'spki' }).subarray(12);

/** An X25519 public KeyObject from 32 raw bytes (any 32 bytes are a valid u-coordinate). */
export const x25519FromRaw = (raw: Uint8Array) =>
  createPublicKey({ key: Buffer.concat([X25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
