import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptImage, signImage } from './encrypt.ts';
import { IMAGE_F, ImageError, parseHeader } from './format.ts';
import { parsePrivateKey } from './keys.ts';
import { type Kit, makeKit } from './test-kit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit(5000);
});
afterAll(() => kit?.cleanup());

const codeOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ImageError);
  return (e as ImageError).code;
};

describe('encryptImage options', () => {
  it('takes a header size and a load address (which sets RAM_LOAD, as imgtool does)', async () => {
    const out = kit.file('ram.img');
    const built = await encryptImage({
      input: kit.plainPath,
      output: out,
      signingKey: parsePrivateKey(kit.signing.privateKeyPem),
      deviceKey: kit.device.publicKeyPem,
      version: '0.9.1+3',
      loadAddr: 0x20000000,
      hdrSize: 32,
      encrypt: true,
    });
    const h = parseHeader(readFileSync(out));
    expect(h).toMatchObject({ hdrSize: 32, loadAddr: 0x20000000, imgSize: 5008 });
    expect(h.flags).toBe(IMAGE_F.ENCRYPTED_AES128 | IMAGE_F.RAM_LOAD);
    expect(built).toMatchObject({
      version: '0.9.1+3',
      encrypted: true,
      imgSize: 5008,
      deviceKeyId: kit.device.id,
    });
    expect(await kit.verify(out)).toMatchObject({ valid: true, version: '0.9.1+3' });
  });

  it('signs without encryption through signImage, payload left as it was', async () => {
    const out = kit.file('plain-signed.img');
    const built = await signImage({
      input: kit.plainPath,
      output: out,
      signingKey: kit.signing.privateKeyPem,
      version: '2',
    });
    const b = readFileSync(out);
    expect(b.subarray(0x200, 0x200 + 5000).equals(kit.plain)).toBe(true);
    expect(built).toMatchObject({
      encrypted: false,
      imgSize: 5000,
      size: b.length,
      keyId: kit.signing.keyId,
    });
    expect(built.deviceKeyId).toBeUndefined();
    expect(await kit.verify(out)).toMatchObject({ valid: true, encrypted: false });
  });

  it('refuses bad options with typed errors, and leaves no output behind', async () => {
    const base = {
      input: kit.plainPath,
      output: kit.file('never.img'),
      signingKey: kit.signing.privateKeyPem,
      deviceKey: kit.device.publicKeyRaw,
      version: '1',
      encrypt: true,
    };
    expect(await codeOf(encryptImage({ ...base, hdrSize: 31 }))).toBe('badOption');
    expect(await codeOf(encryptImage({ ...base, hdrSize: 0x10000 }))).toBe('badOption');
    expect(await codeOf(encryptImage({ ...base, loadAddr: -1 }))).toBe('badOption');
    expect(await codeOf(encryptImage({ ...base, version: '1.2.3.4' }))).toBe('badVersion');
    expect(await codeOf(encryptImage({ ...base, deviceKey: undefined }))).toBe('badKey');
    expect(await codeOf(encryptImage({ ...base, deviceKey: kit.signing.publicKeySpkiDer }))).toBe('badKey');
    expect(await codeOf(encryptImage({ ...base, signingKey: kit.device.privateKeyPem }))).toBe('badKey');
    expect(await codeOf(encryptImage({ ...base, input: kit.file('missing.bin') }))).toBe('badInput');
    expect(await codeOf(encryptImage({ ...base, input: kit.file('empty.bin', '') }))).toBe('badInput');
    expect(await codeOf(encryptImage({ ...base, output: kit.file('no/such/dir.img') }))).toBe('badOutput');
    expect(existsSync(base.output)).toBe(false);
  });
});
