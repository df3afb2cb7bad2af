/**
 * "A file that is not what its name says is refused" (issue 23): what the first bytes of a `.bin`
 * upload say it is. A raw firmware binary (an MCU's flash image: a vector table, code, data) has no
 * magic of its own, so the rule names what it must not be: a file with a known format's signature,
 * an MCUboot image (sign the plain firmware, not an image again), Intel HEX text under a .bin name,
 * or text altogether. `.hex` uploads are parsed whole instead (hex.ts).
 */
import { IMAGE_MAGIC } from './image/index.ts';

export type Refusal =
  | { kind: 'format'; format: string }
  | { kind: 'image' }
  | { kind: 'hex' }
  | { kind: 'text' };

/** Known formats by their signature at offset 0 (format name as users know it). */
const SIGNATURES: Array<[string, number[]]> = [
  ['ELF', [0x7f, 0x45, 0x4c, 0x46]],
  ['ZIP', [0x50, 0x4b, 0x03, 0x04]],
  ['ZIP', [0x50, 0x4b, 0x05, 0x06]],
  ['gzip', [0x1f, 0x8b]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['RAR', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['bzip2', [0x42, 0x5a, 0x68]],
  ['PDF', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['Mach-O', [0xcf, 0xfa, 0xed, 0xfe]],
  ['Mach-O', [0xce, 0xfa, 0xed, 0xfe]],
  ['Java class', [0xca, 0xfe, 0xba, 0xbe]],
  ['OLE (MS Office)', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ['UF2', [0x55, 0x46, 0x32, 0x0a]],
];

const startsWith = (head: Buffer, sig: number[]) =>
  head.length >= sig.length && sig.every((b, i) => head[i] === b);

/** A DOS/Windows program: "MZ" and a PE header where e_lfanew points (when the head reaches it). */
function isPe(head: Buffer): boolean {
  if (!startsWith(head, [0x4d, 0x5a]) || head.length < 64) return false;
  const at = head.readUInt32LE(60);
  return at + 4 > head.length || head.subarray(at, at + 4).equals(Buffer.from('PE\0\0', 'latin1'));
}

const isText = (b: number) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f) || b >= 0x80;

/** Text markup at the start (after a BOM and whitespace): HTML, XML, SVG. */
const MARKUP_RE = /^(?:\uFEFF)?\s*<(?:!doctype|html|head|body|script|\?xml|svg)\b/i;
/** Intel HEX: records ":LLAAAATT..." of hex digits. */
const HEX_RE = /^:[0-9A-Fa-f]{10,}\r?\n/;

/** Why a `.bin` upload is not a plain firmware binary, or null when nothing says it is something else. */
export function refusalOf(head: Buffer): Refusal | null {
  if (head.length >= 4 && head.readUInt32LE(0) === IMAGE_MAGIC) return { kind: 'image' };
  for (const [format, sig] of SIGNATURES) if (startsWith(head, sig)) return { kind: 'format', format };
  if (isPe(head)) return { kind: 'format', format: 'PE (Windows program)' };
  const text = head.toString('latin1');
  if (MARKUP_RE.test(head.toString('utf8'))) return { kind: 'format', format: 'HTML/XML' };
  if (HEX_RE.test(text)) return { kind: 'hex' };
  // Printable text from the first byte on (a script, JSON, a README): a binary has control bytes.
  if (head.length >= 64 && head.every(isText)) return { kind: 'text' };
  return null;
}
