/**
 * ECIES-X25519 key wrapping as MCUboot does it (docs/encrypted_images.md, boot/bootutil/src/
 * encrypted.c, imgtool image.py ecies_hkdf): an ephemeral X25519 key pair; shared = X25519(ephemeral
 * private, device public); HKDF-SHA256 without salt, info "MCUBoot_ECIES_v1", 48 bytes: AES-128 key
 * then HMAC key; the image key is encrypted with AES-128-CTR from a zero counter; tag =
 * HMAC-SHA256(HMAC key, encrypted key). TLV ENC_X25519 = ephemeral public (32) | tag (32) | encrypted
 * key (16).
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  timingSafeEqual,
} from 'node:crypto';
import { ENC_X25519_LEN } from './format.ts';
import { x25519FromRaw, x25519Raw } from './keys.ts';

export const ECIES_INFO = 'MCUBoot_ECIES_v1';
export const IMAGE_KEY_LEN = 16;
export const ZERO_IV = Buffer.alloc(16);

interface Derived {
  aesKey: Buffer;
  macKey: Buffer;
}

function derive(shared: Buffer): Derived {
  const okm = Buffer.from(hkdfSync('sha256', shared, Buffer.alloc(0), ECIES_INFO, IMAGE_KEY_LEN + 32));
  return { aesKey: okm.subarray(0, IMAGE_KEY_LEN), macKey: okm.subarray(IMAGE_KEY_LEN) };
}

const ctr = (key: Buffer, data: Buffer) => createCipheriv('aes-128-ctr', key, ZERO_IV).update(data);

/** The 80-byte ENC_X25519 TLV value carrying `imageKey` (16 bytes) for the holder of `devicePublic`. */
export function wrapImageKey(imageKey: Buffer, devicePublic: KeyObject): Buffer {
  const eph = generateKeyPairSync('x25519');
  const shared = diffieHellman({ privateKey: eph.privateKey, publicKey: devicePublic });
  const { aesKey, macKey } = derive(shared);
  const cipherKey = ctr(aesKey, imageKey);
  const tag = createHmac('sha256', macKey).update(cipherKey).digest();
  return Buffer.concat([x25519Raw(eph.publicKey), tag, cipherKey]);
}

/** The image key, or null when the tag does not verify with `devicePrivate` (wrong key or altered TLV). */
export function unwrapImageKey(tlv: Buffer, devicePrivate: KeyObject): Buffer | null {
  if (tlv.length !== ENC_X25519_LEN) return null;
  let shared: Buffer;
  try {
    shared = diffieHellman({ privateKey: devicePrivate, publicKey: x25519FromRaw(tlv.subarray(0, 32)) });
  } catch {
    return null; // a low-order point gives an all-zero secret, which OpenSSL refuses
  }
  const { aesKey, macKey } = derive(shared);
  const cipherKey = tlv.subarray(64, 80);
  const tag = createHmac('sha256', macKey).update(cipherKey).digest();
  if (!timingSafeEqual(tag, tlv.subarray(32, 64))) return null;
  return createDecipheriv('aes-128-ctr', aesKey, ZERO_IV).update(cipherKey);
}
