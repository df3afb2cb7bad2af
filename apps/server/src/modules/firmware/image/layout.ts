/**
 * Reading an image's structure from a file of any content: the header, the protected TLV area and
 * the TLV area, with every read bounded (the header, then at most two u16-sized areas), never sized
 * by img_size. A structure that does not hold answers a reason code and the place to blame.
 */
import type { FileHandle } from 'node:fs/promises';
import {
  ED25519_SIG_LEN,
  ENC_X25519_LEN,
  IMAGE_F,
  IMAGE_HEADER_SIZE,
  IMAGE_MAGIC,
  type ImageHeader,
  MAX_TLV_AREA,
  parseHeader,
  SHA256_LEN,
  TLV,
  TLV_HEADER_SIZE,
  TLV_INFO_MAGIC,
  TLV_INFO_SIZE,
  TLV_PROT_INFO_MAGIC,
  type TlvEntry,
  walkTlvs,
} from './format.ts';
import { readAt } from './io.ts';

export type VerifyReason =
  | 'ok'
  | 'revoked'
  | 'unknownKey'
  | 'keyHashMismatch'
  | 'badMagic'
  | 'badHeader'
  | 'truncated'
  | 'badTlv'
  | 'unsupported'
  | 'cannotDecrypt'
  | 'hashMismatch'
  | 'badSignature'
  | 'trailingBytes';

export type PlaceRegion =
  | 'header'
  | 'payload'
  | 'protectedTlv'
  | 'tlvInfo'
  | 'hashTlv'
  | 'keyHashTlv'
  | 'signatureTlv'
  | 'encryptionTlv'
  | 'tlvArea'
  | 'trailingBytes';

/** Where the damage is: file offsets [start, end). For 'truncated', start is where the file ends. */
export interface Place {
  region: PlaceRegion;
  start: number;
  end: number;
}

export interface Layout {
  fileSize: number;
  header: ImageHeader;
  /** Offset of the protected TLV area (= hdr_size + img_size), and of the TLV info. */
  protOff: number;
  tlvOff: number;
  /** End of the TLV area as its info says; bytes after it are trailing. */
  tlvEnd: number;
  prot: TlvEntry[];
  tlvs: TlvEntry[];
}

export type LayoutRead =
  | { ok: true; layout: Layout }
  | { ok: false; reason: VerifyReason; place: Place; header?: ImageHeader };

const ENC_TYPES = new Set<number>([
  TLV.ENC_RSA2048,
  TLV.ENC_KW,
  TLV.ENC_EC256,
  TLV.ENC_X25519,
  TLV.ENC_X25519_SHA512,
]);
const SIG_TYPES = new Set<number>([
  TLV.RSA2048_PSS,
  TLV.ECDSA224,
  TLV.ECDSA_SIG,
  TLV.RSA3072_PSS,
  TLV.ED25519,
]);

export const isEncrypted = (h: ImageHeader) =>
  (h.flags & (IMAGE_F.ENCRYPTED_AES128 | IMAGE_F.ENCRYPTED_AES256)) !== 0;

export function regionOfType(type: number): PlaceRegion {
  if (type === TLV.SHA256 || type === TLV.SHA384 || type === TLV.SHA512) return 'hashTlv';
  if (type === TLV.KEYHASH || type === TLV.PUBKEY) return 'keyHashTlv';
  if (SIG_TYPES.has(type)) return 'signatureTlv';
  if (ENC_TYPES.has(type)) return 'encryptionTlv';
  return 'tlvArea';
}

/** The TLV area as we (and imgtool, in this order) write it: where each entry should be. */
export function canonicalTlvs(tlvOff: number, encrypted: boolean) {
  const list: [number, number, PlaceRegion][] = [
    [TLV.SHA256, SHA256_LEN, 'hashTlv'],
    [TLV.KEYHASH, SHA256_LEN, 'keyHashTlv'],
    [TLV.ED25519, ED25519_SIG_LEN, 'signatureTlv'],
  ];
  if (encrypted) list.push([TLV.ENC_X25519, ENC_X25519_LEN, 'encryptionTlv']);
  let off = tlvOff + TLV_INFO_SIZE;
  return list.map(([type, len, region]) => {
    const start = off;
    off += TLV_HEADER_SIZE + len;
    return { type, len, place: { region, start, end: off } };
  });
}

/** The first canonical entry whose type/length header differs in `buf` (the file from `tlvOff`). */
export function canonicalDiff(buf: Buffer, tlvOff: number, encrypted: boolean): Place | null {
  for (const c of canonicalTlvs(tlvOff, encrypted)) {
    const at = c.place.start - tlvOff;
    if (at + TLV_HEADER_SIZE > buf.length) return c.place;
    if (buf.readUInt16LE(at) !== c.type || buf.readUInt16LE(at + 2) !== c.len) return c.place;
  }
  return null;
}

/** Where a TLV entry at `offset` is: its canonical name if it sits where one belongs. */
export function placeOfEntry(
  e: { type: number; offset: number; value: Buffer },
  tlvOff: number,
  enc: boolean,
) {
  const c = canonicalTlvs(tlvOff, enc).find((x) => x.place.start === e.offset);
  if (c) return c.place;
  return { region: regionOfType(e.type), start: e.offset, end: e.offset + TLV_HEADER_SIZE + e.value.length };
}

/** True when the entries hold what a verdict needs: a hash, a key, a signature, and a key TLV if encrypted. */
function complete(entries: TlvEntry[], encrypted: boolean): boolean {
  const has = (pred: (t: number) => boolean) => entries.some((e) => pred(e.type));
  return (
    has((t) => regionOfType(t) === 'hashTlv') &&
    has((t) => t === TLV.KEYHASH || t === TLV.PUBKEY) &&
    has((t) => SIG_TYPES.has(t)) &&
    (!encrypted || has((t) => ENC_TYPES.has(t)))
  );
}

/** The TLV info whose area ends exactly at the end of the file, searched in the last 64 KiB. */
async function tailTlvOffset(fh: FileHandle, fileSize: number): Promise<number | null> {
  const start = Math.max(IMAGE_HEADER_SIZE, fileSize - MAX_TLV_AREA);
  const tail = await readAt(fh, start, fileSize - start);
  for (let i = tail.length - TLV_INFO_SIZE; i >= 0; i--) {
    if (tail.readUInt16LE(i) === TLV_INFO_MAGIC && tail.readUInt16LE(i + 2) === tail.length - i)
      return start + i;
  }
  return null;
}

function cutRegion(cut: number, h: ImageHeader, protOff: number, tlvOff: number): PlaceRegion {
  if (cut < h.hdrSize) return 'header';
  if (cut < protOff) return 'payload';
  if (cut < tlvOff) return 'protectedTlv';
  if (cut < tlvOff + TLV_INFO_SIZE) return 'tlvInfo';
  const c = canonicalTlvs(tlvOff, isEncrypted(h)).find((x) => cut < x.place.end);
  return c ? c.place.region : 'tlvArea';
}

export async function readLayout(fh: FileHandle, fileSize: number): Promise<LayoutRead> {
  const head = await readAt(fh, 0, Math.min(fileSize, IMAGE_HEADER_SIZE));
  const headerPlace: Place = { region: 'header', start: 0, end: IMAGE_HEADER_SIZE };
  if (head.length >= 4 && head.readUInt32LE(0) !== IMAGE_MAGIC)
    return { ok: false, reason: 'badMagic', place: headerPlace };
  if (head.length < IMAGE_HEADER_SIZE)
    return {
      ok: false,
      reason: 'truncated',
      place: { region: 'header', start: fileSize, end: IMAGE_HEADER_SIZE },
    };
  const header = parseHeader(head);
  const fail = (reason: VerifyReason, place: Place): LayoutRead => ({ ok: false, reason, place, header });
  const wholeHeader: Place = { region: 'header', start: 0, end: Math.max(IMAGE_HEADER_SIZE, header.hdrSize) };
  if (header.hdrSize < IMAGE_HEADER_SIZE) return fail('badHeader', headerPlace);
  const protOff = header.hdrSize + header.imgSize;
  const tlvOff = protOff + header.protectTlvSize;
  const encrypted = isEncrypted(header);

  // Does the header point at a TLV info? If not, and one ends the file elsewhere, the header lies.
  const info = tlvOff + TLV_INFO_SIZE <= fileSize ? await readAt(fh, tlvOff, TLV_INFO_SIZE) : null;
  if (info?.readUInt16LE(0) !== TLV_INFO_MAGIC) {
    const found = await tailTlvOffset(fh, fileSize);
    if (found !== null && found !== tlvOff) return fail('badHeader', wholeHeader);
    if (info === null)
      return fail('truncated', {
        region: cutRegion(fileSize, header, protOff, tlvOff),
        start: fileSize,
        end: tlvOff + TLV_INFO_SIZE,
      });
    return fail('badTlv', { region: 'tlvInfo', start: tlvOff, end: tlvOff + TLV_INFO_SIZE });
  }

  let prot: TlvEntry[] = [];
  if (header.protectTlvSize > 0) {
    const protPlace: Place = { region: 'protectedTlv', start: protOff, end: tlvOff };
    const area = await readAt(fh, protOff, header.protectTlvSize);
    if (
      area.length < TLV_INFO_SIZE ||
      area.readUInt16LE(0) !== TLV_PROT_INFO_MAGIC ||
      area.readUInt16LE(2) !== header.protectTlvSize
    )
      return fail('badTlv', protPlace);
    const walk = walkTlvs(area, protOff, protOff + TLV_INFO_SIZE, tlvOff);
    if (!walk.ok) return fail('badTlv', protPlace);
    prot = walk.entries;
  }

  const area = await readAt(fh, tlvOff, Math.min(fileSize - tlvOff, MAX_TLV_AREA));
  const tot = area.readUInt16LE(2);
  const tlvEnd = tlvOff + tot;
  const declared =
    tot >= TLV_INFO_SIZE && tlvEnd <= fileSize ? walkTlvs(area, tlvOff, tlvOff + 4, tlvEnd) : null;
  const ok = (tlvs: TlvEntry[]): LayoutRead => ({
    ok: true,
    layout: { fileSize, header, protOff, tlvOff, tlvEnd, prot, tlvs },
  });
  if (declared?.ok && complete(declared.entries, encrypted)) return ok(declared.entries);
  // Entries that run exactly to the end of the file, though the info's total says otherwise.
  if (fileSize !== tlvEnd && fileSize - tlvOff === area.length) {
    const toEnd = walkTlvs(area, tlvOff, tlvOff + 4, fileSize);
    if (toEnd.ok && complete(toEnd.entries, encrypted))
      return fail('badTlv', { region: 'tlvInfo', start: tlvOff, end: tlvOff + TLV_INFO_SIZE });
  }
  if (tlvEnd > fileSize)
    return fail('truncated', {
      region: cutRegion(fileSize, header, protOff, tlvOff),
      start: fileSize,
      end: tlvEnd,
    });
  if (declared?.ok) return ok(declared.entries); // incomplete: the verdict names what is missing
  const place = canonicalDiff(area, tlvOff, encrypted) ?? { region: 'tlvArea', start: tlvOff, end: tlvEnd };
  return fail('badTlv', place);
}
