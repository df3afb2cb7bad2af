/** Secrets kept recoverable but not readable in the database: AES-256-GCM under a key derived from the server secret. */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function createSealer(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'agrifleet', 'seal-v1', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        c.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
