/**
 * The hash chain and what the drone signs. Every line after the first carries the SHA-256 (lowercase
 * hex) of the exact bytes of the line before it, without its '\n': a record in `prev`, the signature
 * line in `head`. The head therefore covers the header and every record; the drone signs it.
 */
import { hash, type KeyObject } from 'node:crypto';
import { SIGNED_PREFIX } from './format.ts';

/** SHA-256 in lowercase hex of a line's bytes (a string is hashed as its UTF-8 bytes). */
export function sha256Hex(line: Uint8Array | string): string {
  return hash('sha256', line, 'hex');
}

/** The bytes the Ed25519 signature is over: SIGNED_PREFIX + head, ASCII (87 bytes). */
export function signedMessage(head: string): Buffer {
  return Buffer.from(SIGNED_PREFIX + head, 'latin1');
}

/**
 * A suggested keyId for an Ed25519 public key: 'ed25519:' and the first 32 hex digits (128 bits)
 * of the SHA-256 of its 32 raw bytes. Any keyId matching NAME_RE is accepted; this one lets a
 * registry name a key without choosing a name.
 */
export function ed25519KeyId(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    throw new TypeError('not an Ed25519 key');
  return `ed25519:${sha256Hex(Buffer.from(jwk.x, 'base64url')).slice(0, 32)}`;
}
