/**
 * MCUboot firmware images: Ed25519 signing, ECIES-X25519 encryption, streamed building and
 * verification with a place diagnostic. Pure (files in, files out): no HTTP, no database.
 */
export { ECIES_INFO, unwrapImageKey, wrapImageKey } from './ecies.ts';
export {
  type EncryptImageOptions,
  encryptImage,
  type ImageBuilt,
  MAX_IMAGE_BYTES,
  signImage,
} from './encrypt.ts';
export {
  DEFAULT_HDR_SIZE,
  formatVersion,
  IMAGE_F,
  IMAGE_MAGIC,
  ImageError,
  type ImageErrorCode,
  type ImageHeader,
  type ImageVersion,
  type ImageVersionInput,
  parseHeader,
  parseVersion,
  TLV,
} from './format.ts';
export {
  type DeviceKeyPair,
  type DevicePublicKey,
  describeSigningKey,
  generateDeviceKey,
  generateSigningKey,
  keyHashOf,
  keyIdOf,
  parseDevicePrivateKey,
  parseDevicePublicKey,
  parsePrivateKey,
  parseSigningPublicKey,
  type SigningKeyPair,
  type SigningPublicKey,
} from './keys.ts';
export type { Place, PlaceRegion, VerifyReason } from './layout.ts';
export {
  type DeviceKeyEntry,
  type PublicKeyEntry,
  type VerifyImageOptions,
  type VerifyResult,
  verifyImage,
} from './verify.ts';
