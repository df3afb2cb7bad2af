/**
 * Picking the TLVs a verdict needs out of a parsed TLV area, strictly: only MCUboot's allowed
 * unprotected types, each at most once, each of its exact length. What we do not implement (other
 * hashes, signatures or key wrappings, AES-256, compression) answers 'unsupported'.
 */
import { createHash } from 'node:crypto';
import {
  ED25519_SIG_LEN,
  ENC_X25519_LEN,
  IMAGE_F,
  SHA256_LEN,
  TLV,
  TLV_HEADER_SIZE,
  type TlvEntry,
  UNPROTECTED_TLVS,
} from './format.ts';
import {
  canonicalTlvs,
  isEncrypted,
  type Layout,
  type Place,
  type PlaceRegion,
  placeOfEntry,
  regionOfType,
} from './layout.ts';

export interface PickedTlvs {
  hash: Buffer;
  hashPlace: Place;
  /** KEYHASH, or SHA-256 of a PUBKEY TLV. */
  keyHash: Buffer;
  keyPlace: Place;
  signature: Buffer;
  signaturePlace: Place;
  enc: TlvEntry | null;
  encPlace: Place;
}

export type Picked =
  | { ok: true; tlvs: PickedTlvs }
  | { ok: false; reason: 'badTlv' | 'unsupported'; place?: Place };

const UNSUPPORTED_FLAGS =
  IMAGE_F.ENCRYPTED_AES256 |
  IMAGE_F.COMPRESSED_LZMA1 |
  IMAGE_F.COMPRESSED_LZMA2 |
  IMAGE_F.COMPRESSED_ARM_THUMB;

export function pickTlvs(l: Layout): Picked {
  const enc = isEncrypted(l.header);
  const canonical = canonicalTlvs(l.tlvOff, enc);
  const where = (e: TlvEntry) => placeOfEntry(e, l.tlvOff, enc);
  const seen = new Set<number>();
  for (const e of l.tlvs) {
    if (!UNPROTECTED_TLVS.has(e.type) || seen.has(e.type))
      return { ok: false, reason: 'badTlv', place: where(e) };
    seen.add(e.type);
  }
  if (l.header.flags & UNSUPPORTED_FLAGS) return { ok: false, reason: 'unsupported', place: headerOf(l) };

  // In file order (hash, key, signature, encryption), the first that is missing or malformed.
  type Found = { e: TlvEntry } | { bad: Place } | { unsupported: Place };
  const find = (region: PlaceRegion, type: number, len: number | null): Found => {
    const e = l.tlvs.find((x) => x.type === type);
    if (e) return len === null || e.value.length === len ? { e } : { bad: where(e) };
    const other = l.tlvs.find((x) => regionOfType(x.type) === region);
    if (other) return { unsupported: where(other) };
    const c = canonical.find((x) => x.place.region === region);
    return { bad: c?.place ?? { region: 'tlvArea', start: l.tlvOff, end: l.tlvEnd } };
  };
  const pure = l.tlvs.find((x) => x.type === TLV.SIG_PURE);
  const hash = find('hashTlv', TLV.SHA256, SHA256_LEN);
  const key = l.tlvs.some((x) => x.type === TLV.PUBKEY)
    ? find('keyHashTlv', TLV.PUBKEY, null)
    : find('keyHashTlv', TLV.KEYHASH, SHA256_LEN);
  const signature = pure ? { unsupported: where(pure) } : find('signatureTlv', TLV.ED25519, ED25519_SIG_LEN);
  const wrapped = enc ? find('encryptionTlv', TLV.ENC_X25519, ENC_X25519_LEN) : null;
  for (const got of [hash, key, signature, wrapped]) {
    if (got && 'bad' in got) return { ok: false, reason: 'badTlv', place: got.bad };
    if (got && 'unsupported' in got) return { ok: false, reason: 'unsupported', place: got.unsupported };
  }
  if (!('e' in hash && 'e' in key && 'e' in signature) || (wrapped && !('e' in wrapped)))
    throw new Error('unreachable');
  const encEntry = wrapped && 'e' in wrapped ? wrapped.e : null;
  const encCanonical = canonical.find((x) => x.place.region === 'encryptionTlv')?.place;
  return {
    ok: true,
    tlvs: {
      hash: hash.e.value,
      hashPlace: where(hash.e),
      keyHash: key.e.type === TLV.PUBKEY ? createHash('sha256').update(key.e.value).digest() : key.e.value,
      keyPlace: where(key.e),
      signature: signature.e.value,
      signaturePlace: where(signature.e),
      enc: encEntry,
      encPlace: encEntry
        ? where(encEntry)
        : (encCanonical ?? { region: 'encryptionTlv', start: l.tlvEnd, end: l.tlvEnd + TLV_HEADER_SIZE }),
    },
  };
}

const headerOf = (l: Layout): Place => ({ region: 'header', start: 0, end: l.header.hdrSize });
