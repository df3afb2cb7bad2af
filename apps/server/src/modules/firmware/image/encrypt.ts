/**
 * Building a signed (and optionally encrypted) MCUboot image from a plain firmware file, streamed:
 * one 1 MiB buffer, input read once, output written once, in order. What is hashed and signed is
 * exactly what imgtool hashes and signs (image.py create): SHA-256 over the header region, the
 * plaintext payload and the protected TLV area; the Ed25519 signature is over that 32-byte digest.
 */
import { createCipheriv, createHash, type KeyObject, randomBytes, sign } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { IMAGE_KEY_LEN, wrapImageKey, ZERO_IV } from './ecies.ts';
import {
  buildHeader,
  buildTlvArea,
  chunkCount,
  DEFAULT_HDR_SIZE,
  encodePlace,
  formatVersion,
  IMAGE_F,
  IMAGE_HEADER_SIZE,
  ImageError,
  type ImageVersionInput,
  MAX_TLV_AREA,
  PLACE_CHUNK_SHIFT,
  parseVersion,
  placeValueLength,
  TLV,
  TLV_HEADER_SIZE,
  TLV_INFO_MAGIC,
  TLV_INFO_SIZE,
  TLV_PROT_INFO_MAGIC,
  type TlvValue,
} from './format.ts';
import { readInto, writeAll } from './io.ts';
import { describeSigningKey, parseDevicePublicKey, parsePrivateKey } from './keys.ts';

/** Far above any MCU's flash; keeps the place TLV (32 bytes a MiB) inside its u16-sized area. */
export const MAX_IMAGE_BYTES = 1024 * 1024 * 1024;
const CHUNK = 2 ** PLACE_CHUNK_SHIFT;

export interface EncryptImageOptions {
  /** Path of the plain firmware binary (the payload). */
  input: string;
  /** Path to write the image to (created or truncated; removed again if building fails). */
  output: string;
  /** Ed25519 private key: PKCS#8 PEM or a KeyObject from parsePrivateKey. */
  signingKey: string | KeyObject;
  /** The drone's X25519 public key (raw 32 bytes, SPKI DER or PEM, KeyObject); needed when encrypt. */
  deviceKey?: Uint8Array | string | KeyObject;
  version: ImageVersionInput;
  /** ih_load_addr; non-zero also sets IMAGE_F_RAM_LOAD, as imgtool does. Default 0. */
  loadAddr?: number;
  /** ih_hdr_size: the header is zero-padded to it. Default 0x200. */
  hdrSize?: number;
  encrypt: boolean;
}

export interface ImageBuilt {
  keyId: string;
  /** The SHA256 TLV (hex): what the signature signs. */
  digest: string;
  /** Bytes written. */
  size: number;
  /** "major.minor.revision+build". */
  version: string;
  encrypted: boolean;
  /** ih_img_size (the payload, zero-padded to 16 bytes when encrypted, as imgtool does). */
  imgSize: number;
  /** The device key's id (encrypted images). */
  deviceKeyId?: string;
}

function checkOptions(o: EncryptImageOptions) {
  const hdrSize = o.hdrSize ?? DEFAULT_HDR_SIZE;
  if (!Number.isInteger(hdrSize) || hdrSize < IMAGE_HEADER_SIZE || hdrSize > 0xffff)
    throw new ImageError('badOption', 'hdrSize must be an integer from 32 to 65535');
  const loadAddr = o.loadAddr ?? 0;
  if (!Number.isInteger(loadAddr) || loadAddr < 0 || loadAddr > 0xffffffff)
    throw new ImageError('badOption', 'loadAddr must be a u32');
  if (o.encrypt && o.deviceKey == null) throw new ImageError('badKey', 'encrypting needs a device key');
  const key = typeof o.signingKey === 'string' ? parsePrivateKey(o.signingKey) : o.signingKey;
  if (key?.type !== 'private' || key.asymmetricKeyType !== 'ed25519')
    throw new ImageError('badKey', 'signing key: not an Ed25519 private key');
  const device = o.encrypt && o.deviceKey != null ? parseDevicePublicKey(o.deviceKey) : undefined;
  return { hdrSize, loadAddr, key, device, version: parseVersion(o.version) };
}

async function openInput(path: string): Promise<{ fh: FileHandle; size: number }> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch {
    throw new ImageError('badInput', 'cannot open the input file');
  }
  const { size } = await fh.stat();
  if (size === 0 || size > MAX_IMAGE_BYTES) {
    await fh.close();
    throw new ImageError(
      size === 0 ? 'badInput' : 'tooLarge',
      `input must be 1 byte to ${MAX_IMAGE_BYTES} bytes`,
    );
  }
  return { fh, size };
}

/** Signs, and when `encrypt` encrypts, the firmware at `input` into an MCUboot image at `output`. */
export async function encryptImage(o: EncryptImageOptions): Promise<ImageBuilt> {
  const { hdrSize, loadAddr, key, device, version } = checkOptions(o);
  const signer = describeSigningKey(key);
  const input = await openInput(o.input);
  const imgSize = o.encrypt ? Math.ceil(input.size / 16) * 16 : input.size;
  const chunks = chunkCount(imgSize, PLACE_CHUNK_SHIFT);
  const protectTlvSize = TLV_INFO_SIZE + TLV_HEADER_SIZE + placeValueLength(chunks);

  let out: FileHandle | undefined;
  try {
    if (protectTlvSize > MAX_TLV_AREA) throw new ImageError('tooLarge', 'image too large for the place TLV');
    out = await open(o.output, 'w').catch(() => {
      throw new ImageError('badOutput', 'cannot create the output file');
    });
    const flags = (o.encrypt ? IMAGE_F.ENCRYPTED_AES128 : 0) | (loadAddr !== 0 ? IMAGE_F.RAM_LOAD : 0);
    const header = buildHeader({ loadAddr, hdrSize, protectTlvSize, imgSize, flags, version });
    const digest = createHash('sha256').update(header);
    const headerHash = createHash('sha256').update(header).digest();
    await writeAll(out, header);

    const imageKey = o.encrypt ? randomBytes(IMAGE_KEY_LEN) : undefined;
    const cipher = imageKey ? createCipheriv('aes-128-ctr', imageKey, ZERO_IV) : undefined;
    const buf = Buffer.alloc(CHUNK);
    const chunkHashes: Buffer[] = [];
    for (let pos = 0; pos < imgSize; pos += CHUNK) {
      const len = Math.min(CHUNK, imgSize - pos);
      const want = Math.max(0, Math.min(len, input.size - pos));
      const got = await readInto(input.fh, buf, want, pos);
      if (got !== want) throw new ImageError('badInput', 'the input file changed while it was read');
      buf.fill(0, got, len); // imgtool's zero padding to 16 bytes before encryption
      const plain = buf.subarray(0, len);
      digest.update(plain);
      chunkHashes.push(createHash('sha256').update(plain).digest());
      await writeAll(out, cipher ? cipher.update(plain) : plain);
    }

    const place = encodePlace(PLACE_CHUNK_SHIFT, headerHash, chunkHashes);
    const prot = buildTlvArea(TLV_PROT_INFO_MAGIC, [{ type: TLV.AF_PLACE, value: place }]);
    const hash = digest.update(prot).digest();
    const signature = sign(null, hash, key);
    const entries: TlvValue[] = [
      { type: TLV.SHA256, value: hash },
      { type: TLV.KEYHASH, value: signer.keyHash },
      { type: TLV.ED25519, value: signature },
    ];
    if (imageKey && device) entries.push({ type: TLV.ENC_X25519, value: wrapImageKey(imageKey, device.key) });
    const tlvs = buildTlvArea(TLV_INFO_MAGIC, entries);
    await writeAll(out, prot);
    await writeAll(out, tlvs);
    await out.close();
    out = undefined;
    return {
      keyId: signer.keyId,
      digest: hash.toString('hex'),
      size: hdrSize + imgSize + prot.length + tlvs.length,
      version: formatVersion(version),
      encrypted: o.encrypt,
      imgSize,
      ...(device ? { deviceKeyId: device.id } : {}),
    };
  } catch (e) {
    if (out) {
      await out.close().catch(() => {});
      await unlink(o.output).catch(() => {});
    }
    throw e;
  } finally {
    await input.fh.close();
  }
}

/** A signed image without encryption (imgtool sign without --encrypt). */
export const signImage = (o: Omit<EncryptImageOptions, 'encrypt' | 'deviceKey'>) =>
  encryptImage({ ...o, encrypt: false });
