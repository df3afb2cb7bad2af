/**
 * Firmware tools, files and images (docs/api.md "Firmware") through the real app: a plain firmware
 * upload checked against its name (a .bin by its first bytes, a .hex parsed whole and stored as its
 * binary), its limits (413 over FIRMWARE_MAX_BYTES, set to 3 MiB here) and malformed requests
 * answered 4xx in the caller's language; the whole flow genkey -> upload -> encrypt with the
 * downloaded key -> download -> verifyfw valid -> one byte flipped -> invalid with its place ->
 * revoke -> revoked; another maker's files and keys are not found; every write is in the system
 * log, and no private key text is in it or in the server's log.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  FIRMWARE_PATHS,
  type FirmwareEncrypted,
  type FirmwareImage,
  type FirmwareVerdict,
  type PlainFirmware,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  type FirmwareApp,
  fileUpload,
  firmwareApp,
  firmwareBytes,
  genkey,
  secretOf,
  send,
  uploadPlain,
} from './firmware.kit.ts';
import { multipart } from './multipart.ts';

const MiB = 1024 * 1024;
const P = FIRMWARE_PATHS;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let f: FirmwareApp;
let key: { keyId: string; pem: string };
const plain = firmwareBytes(MiB + 300_001);
const fields = () => ({ modelId: String(f.modelA), version: '1.2.3+4' });

beforeAll(async () => {
  f = await firmwareApp({ env: { FIRMWARE_MAX_BYTES: String(3 * MiB) }, logStream: sink });
  key = await genkey(f, f.auth.makerA);
});
afterAll(async () => {
  await f?.t.close();
});

const firmwareDir = (sub: 'files' | 'tmp') => join(f.t.config.dataDir, 'firmware', sub);
const filesOnDisk = (sub: 'files' | 'tmp') =>
  existsSync(firmwareDir(sub)) ? readdirSync(firmwareDir(sub)) : [];
const download = (who: Record<string, string>, name: string, type = 'encrypted') =>
  send(f, { method: 'GET', url: `${P.list}/${name}/download?firmwareType=${type}` }, who);
const verifyfw = (who: Record<string, string>, bytes: Buffer, lang = 'en') => {
  const mp = fileUpload('firmware', 'image.bin', bytes);
  return send(f, { method: 'POST', url: P.verifyfw, payload: mp.payload, headers: mp.headers }, who, lang);
};
const encrypt = (who: Record<string, string>, filename: string, privkey: string, lang = 'en') =>
  send(f, { method: 'POST', url: P.encrypt, payload: { filename, privkey } }, who, lang);

/** Intel HEX of `segments` (address, bytes): 16 data bytes a record, extended linear addresses. */
function intelHex(segments: Array<[number, Buffer]>, eol = '\n') {
  const rec = (type: number, addr: number, data: Buffer) => {
    const b = Buffer.concat([Buffer.from([data.length, (addr >> 8) & 0xff, addr & 0xff, type]), data]);
    const sum = (0x100 - (b.reduce((s, x) => s + x, 0) & 0xff)) & 0xff;
    return `:${Buffer.concat([b, Buffer.from([sum])])
      .toString('hex')
      .toUpperCase()}${eol}`;
  };
  let out = '';
  let upper = -1;
  for (const [address, bytes] of segments)
    for (let i = 0; i < bytes.length; i += 16) {
      const at = address + i;
      if (at >>> 16 !== upper) {
        upper = at >>> 16;
        out += rec(4, 0, Buffer.from([(upper >> 8) & 0xff, upper & 0xff]));
      }
      out += rec(0, at & 0xffff, bytes.subarray(i, i + 16));
    }
  return `${out}${rec(1, 0, Buffer.alloc(0))}`;
}

describe('POST plain', () => {
  it('stores a plain firmware, lists it for its account only, and gives its bytes back', async () => {
    const res = await uploadPlain(f, f.auth.makerA, 'fc-1.0.bin', plain, fields());
    expect(res.statusCode, res.body).toBe(200);
    const stored = dataOf<PlainFirmware>(res);
    expect(stored).toMatchObject({
      fileName: 'fc-1.0.bin',
      modelId: f.modelA,
      version: '1.2.3+4',
      size: plain.length,
      format: 'bin',
      uploadedBy: '李明',
    });
    expect(stored.sha256).toBe(createHash('sha256').update(plain).digest('hex'));
    const list = dataOf<{ records: PlainFirmware[]; total: number }>(
      await send(f, { method: 'GET', url: P.plain }, f.auth.makerA),
    );
    expect(list.records.map((r) => r.fileName)).toContain('fc-1.0.bin');
    const listB = dataOf<{ records: PlainFirmware[] }>(
      await send(f, { method: 'GET', url: P.plain }, f.auth.makerB),
    );
    expect(listB.records.map((r) => r.fileName)).not.toContain('fc-1.0.bin');
    const bytes = await download(f.auth.makerA, 'fc-1.0.bin', 'plain');
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(plain)).toBe(true);
    expect(bytes.headers['content-disposition']).toBe('attachment; filename="fc-1.0.bin"');
    await expect.poll(() => filesOnDisk('tmp')).toEqual([]);
  });

  it('refuses names, fields and contents that are not a plain firmware, in the caller’s language', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), firmwareBytes(4000)]);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), firmwareBytes(4000)]);
    const pe = Buffer.alloc(4096, 0);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(128, 60);
    pe.write('PE\0\0', 128, 'latin1');
    const image = firmwareBytes(4096);
    image.writeUInt32LE(0x96f3b83d, 0);
    const cases: Array<[string, Buffer | string, Record<string, string>, number, string]> = [
      ['fc 1.bin', plain, fields(), 400, 'The file name must be 1 to 128 letters'],
      ['fc.exe', plain, fields(), 400, 'The file name must be 1 to 128 letters'],
      ['.bin', plain, fields(), 400, 'The file name must be 1 to 128 letters'],
      [`${'a'.repeat(125)}.bin`, plain, fields(), 400, 'The file name must be 1 to 128 letters'],
      ['elf.bin', elf, fields(), 400, 'This file holds ELF, not a firmware binary'],
      ['zip.bin', zip, fields(), 400, 'This file holds ZIP, not a firmware binary'],
      ['pe.bin', pe, fields(), 400, 'This file holds PE (Windows program), not a firmware binary'],
      [
        'page.bin',
        `<!DOCTYPE html>\n<html><body>${'x'.repeat(600)}`,
        fields(),
        400,
        'This file holds HTML/XML',
      ],
      ['image.bin', image, fields(), 400, 'This file is already an MCUboot image'],
      ['hex.bin', intelHex([[0, firmwareBytes(256)]]), fields(), 400, 'This file is Intel HEX'],
      [
        'readme.bin',
        `# Firmware notes\n${'Some text here. '.repeat(40)}`,
        fields(),
        400,
        'This file is text',
      ],
      ['empty.bin', Buffer.alloc(0), fields(), 400, 'The firmware file is empty'],
      ['v.bin', plain, { modelId: String(f.modelA), version: '1.2.3.4' }, 400, 'Invalid value for version'],
      ['v.bin', plain, { modelId: String(f.modelA), version: '256.0.0' }, 400, 'Invalid value for version'],
      ['v.bin', plain, { modelId: String(f.modelA), version: 'a\u0000' }, 400, 'Invalid value for version'],
      [
        'v.bin',
        plain,
        { modelId: String(f.modelA), version: 'x'.repeat(2000) },
        400,
        'Invalid value for version',
      ],
      ['v.bin', plain, { version: '1.0' }, 400, 'Invalid value for modelId'],
      ['v.bin', plain, { modelId: '0', version: '1.0' }, 400, 'Invalid value for modelId'],
      ['v.bin', plain, { modelId: String(f.modelB), version: '1.0' }, 404, 'Drone model not found'],
    ];
    for (const [name, data, flds, status, message] of cases) {
      const res = await uploadPlain(f, f.auth.makerA, name, data, flds);
      expect(res.statusCode, `${name} ${res.body}`).toBe(status);
      expect(res.json().message, name).toContain(message);
    }
    const zh = await uploadPlain(f, f.auth.makerA, 'elf.bin', elf, fields(), 'zh');
    expect(zh.json().message).toBe('该文件的内容是 ELF，不是固件二进制文件');
    await expect.poll(() => filesOnDisk('tmp')).toEqual([]);
    const list = dataOf<{ total: number }>(await send(f, { method: 'GET', url: P.plain }, f.auth.makerA));
    expect(list.total).toBe(1);
  });

  it('parses a .hex whole and stores its binary (gaps 0xff); a broken one names its line', async () => {
    const a = firmwareBytes(1000);
    const b = firmwareBytes(500);
    const hex = intelHex(
      [
        [0x0800_0000, a],
        [0x0800_0800, b],
      ],
      '\r\n',
    );
    const res = await uploadPlain(f, f.auth.makerA, 'hexfw.hex', hex, fields());
    expect(res.statusCode, res.body).toBe(200);
    const expected = Buffer.concat([a, Buffer.alloc(0x800 - 1000, 0xff), b]);
    expect(dataOf<PlainFirmware>(res)).toMatchObject({ format: 'hex', size: expected.length });
    const bytes = await download(f.auth.makerA, 'hexfw.hex', 'plain');
    expect(bytes.rawPayload.equals(expected)).toBe(true);
    expect(bytes.headers['content-disposition']).toBe('attachment; filename="hexfw.bin"');

    const good = intelHex([[0, firmwareBytes(64)]]).split('\n');
    const broken = [...good];
    const line3 = broken[2] as string;
    const sum = (Number.parseInt(line3.slice(-2), 16) + 1) & 0xff;
    broken[2] = `${line3.slice(0, -2)}${sum.toString(16).padStart(2, '0').toUpperCase()}`;
    const overlap = intelHex([
      [0, firmwareBytes(32)],
      [16, firmwareBytes(16)],
    ]);
    const cases: Array<[string, string]> = [
      [broken.join('\n'), 'The Intel HEX file is broken at line 3: wrong checksum'],
      [overlap, 'data written twice to the same address'],
      [good.slice(0, -2).join('\n'), 'no end-of-file record'],
      ['hello\n', 'The Intel HEX file is broken at line 1: not a record of hex digits'],
      [`${good.join('\n')}:00000001FF\n`, 'data after the end-of-file record'],
      [`:${'00'.repeat(400)}\n`, 'a line longer than 600 characters'],
    ];
    for (const [text, message] of cases) {
      const r = await uploadPlain(f, f.auth.makerA, 'bad.hex', text, fields());
      expect(r.statusCode, message).toBe(400);
      expect(r.json().message).toContain(message);
    }
    // The same name with the other extension is the same firmware.
    const twin = await uploadPlain(f, f.auth.makerA, 'fc-1.0.hex', intelHex([[0, a]]), fields(), 'zh');
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('已有同名固件（不区分大小写和扩展名），请先删除或改名');
    await expect.poll(() => filesOnDisk('tmp')).toEqual([]);
  });

  it('a name once under parallel uploads: one stored, the others 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        uploadPlain(f, f.auth.makerA, 'race.bin', firmwareBytes(20_000), fields()),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    const stored = await f.t.db
      .selectFrom('firmware_files')
      .select('storage_id')
      .where('file_name', '=', 'race.bin')
      .execute();
    expect(stored).toHaveLength(1);
    // The losers' files are gone again: one file a row.
    const rows = await f.t.db.selectFrom('firmware_files').select('storage_id').execute();
    await expect
      .poll(() => filesOnDisk('files').sort())
      .toEqual(rows.map((r) => `${r.storage_id}.bin`).sort());
  });

  it('413 over FIRMWARE_MAX_BYTES, in the caller’s language, with nothing left behind', async () => {
    const before = filesOnDisk('files').length;
    const res = await uploadPlain(f, f.auth.makerA, 'big.bin', firmwareBytes(3 * MiB + 1), fields(), 'zh');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: '文件不能超过 3 MB' });
    const fw = await verifyfw(f.auth.makerA, firmwareBytes(4 * MiB + 1));
    expect(fw.statusCode).toBe(413);
    expect(fw.json().message).toBe('The file must not exceed 4 MB');
    await expect.poll(() => filesOnDisk('files').length).toBe(before);
    await expect.poll(() => filesOnDisk('tmp')).toEqual([]);
  });

  it('malformed requests are 4xx in the caller’s language, never 5xx', async () => {
    const B = '----fwBoundary';
    const mp = { 'content-type': `multipart/form-data; boundary=${B}` };
    const good = multipart([
      { name: 'modelId', data: String(f.modelA) },
      { name: 'version', data: '1.0' },
      { name: 'firmware', filename: 'm.bin', data: firmwareBytes(2000) },
    ]);
    const bodies: Array<{ payload: Buffer | string | object; headers?: Record<string, string> }> = [
      { payload: {} },
      { payload: 'garbage', headers: mp },
      { payload: '', headers: { 'content-type': 'multipart/form-data' } },
      { payload: good.payload.subarray(0, good.payload.length - 40), headers: good.headers },
      {
        payload: `--${B}\r\nContent-Disposition: form-data; name="version"\r\n\r\n1.0\r\n--${B}--\r\n`,
        headers: mp,
      },
      {
        ...multipart([
          { name: 'firmware', filename: 'a.bin', data: firmwareBytes(100) },
          { name: 'firmware', filename: 'b.bin', data: firmwareBytes(100) },
        ]),
      },
      { ...multipart([{ name: 'image', filename: 'a.bin', data: firmwareBytes(100) }]) },
      {
        ...multipart([
          { name: 'constructor', data: 'x' },
          { name: 'firmware', filename: 'a.bin', data: 'x' },
        ]),
      },
      {
        ...multipart([
          { name: 'version', data: '1.0' },
          { name: 'version', data: '2.0' },
          { name: 'firmware', filename: 'a.bin', data: 'x' },
        ]),
      },
      { ...multipart(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: 'x' }))) },
    ];
    for (const url of [P.plain, P.verifyfw, P.verifylog])
      for (const [i, b] of bodies.entries()) {
        const res = await send(
          f,
          { method: 'POST', url, payload: b.payload, headers: b.headers },
          f.auth.makerA,
          'th',
        );
        expect(res.statusCode, `${url} #${i}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} #${i}`).toBeLessThan(500);
        expect(res.json().message, `${url} #${i}`).toMatch(/[\u0E00-\u0E7F]/);
      }
    const json = (payload: string) =>
      f.t.app.inject({
        method: 'POST',
        url: P.encrypt,
        headers: { ...f.auth.makerA, 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
    for (const payload of [
      '{"filename":"\\ud800.bin","privkey":"x"}',
      '{"filename":"fc-1.0.bin","privkey":"a\\u0000b"}',
      `{"filename":"fc-1.0.bin","privkey":"${'A'.repeat(5000)}"}`,
      '{"filename":"../etc/passwd","privkey":"x"}',
      '{"filename":"fc-1.0.bin"}',
      '{"filename":',
    ]) {
      const res = await json(payload);
      expect(res.statusCode, payload.slice(0, 60)).toBe(400);
    }
    await expect.poll(() => filesOnDisk('tmp')).toEqual([]);
  });
});

describe('the flow: encrypt, download, verify, tamper, revoke', () => {
  let made: FirmwareEncrypted;
  let image: Buffer;

  it('encrypts the plain firmware with the downloaded key for its model’s device key', async () => {
    const res = await encrypt(f.auth.makerA, 'fc-1.0.bin', key.pem);
    expect(res.statusCode, res.body).toBe(200);
    made = dataOf<FirmwareEncrypted>(res);
    expect(made).toMatchObject({
      fileName: `fc-1.0.${key.keyId}.signed.bin`,
      keyId: key.keyId,
      version: '1.2.3+4',
      modelId: f.modelA,
    });
    expect(made.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(made.deviceKeyId).toMatch(/^[0-9a-f]{16}$/);
    const list = dataOf<{ records: FirmwareImage[] }>(
      await send(f, { method: 'GET', url: P.list }, f.auth.makerA),
    );
    expect(list.records[0]).toMatchObject({
      fileName: made.fileName,
      sourceFileName: 'fc-1.0.bin',
      keyRevoked: false,
      encrypted: true,
      size: made.size,
      digest: made.digest,
    });
    const dl = await download(f.auth.makerA, made.fileName);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${made.fileName}"`);
    image = dl.rawPayload;
    expect(image.length).toBe(made.size);
    // The payload is not the plaintext.
    expect(image.includes(plain.subarray(1000, 1064))).toBe(false);
  });

  it('verifyfw: the image is valid; one flipped byte anywhere is invalid with its place named', async () => {
    const ok = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, image));
    expect(ok).toMatchObject({
      valid: true,
      reason: 'ok',
      message: 'Valid: the signature holds',
      keyId: key.keyId,
      revoked: false,
      hashOk: true,
      signatureOk: true,
      version: '1.2.3+4',
      encrypted: true,
      place: null,
      placeText: null,
      digest: made.digest,
      deviceKeyId: made.deviceKeyId,
    });
    const at = 0x200 + MiB + 7;
    const tampered = Buffer.from(image);
    tampered[at] = (tampered[at] as number) ^ 0x01;
    const bad = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, tampered));
    const end = Math.min(0x200 + 2 * MiB, 0x200 + Math.ceil(plain.length / 16) * 16);
    expect(bad).toMatchObject({
      valid: false,
      reason: 'hashMismatch',
      hashOk: false,
      place: { region: 'payload', start: 0x200 + MiB, end },
      placeText: `payload bytes ${0x200 + MiB}-${end - 1}`,
    });
    const zh = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, tampered, 'zh'));
    expect(zh.message).toBe('内容被修改：哈希不一致');
    expect(zh.placeText).toBe(`固件载荷 第 ${0x200 + MiB}-${end - 1} 字节`);
    const header = Buffer.from(image);
    header[20] = (header[20] as number) ^ 0x01;
    expect(dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, header)).place).toEqual({
      region: 'header',
      start: 0,
      end: 0x200,
    });
    const cut = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, image.subarray(0, image.length - 10)));
    expect(cut).toMatchObject({ valid: false, reason: 'truncated' });
    expect(cut.placeText).toMatch(/^the file ends after \d+ bytes of the \d+ it should have$/);
    const junk = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, firmwareBytes(5000)));
    expect(junk).toMatchObject({ valid: false, reason: 'badMagic', message: 'Not an MCUboot image' });
  });

  it('encrypting again replaces the image of that name (its old file removed)', async () => {
    const before = filesOnDisk('files').length;
    const again = dataOf<FirmwareEncrypted>(await encrypt(f.auth.makerA, 'fc-1.0.bin', key.pem));
    expect(again.fileName).toBe(made.fileName);
    const list = dataOf<{ records: FirmwareImage[]; total: number }>(
      await send(f, { method: 'GET', url: P.list }, f.auth.makerA),
    );
    expect(list.records.filter((r) => r.fileName === made.fileName)).toHaveLength(1);
    await expect.poll(() => filesOnDisk('files').length).toBe(before);
    image = (await download(f.auth.makerA, made.fileName)).rawPayload;
  });

  it('another maker finds none of it: not listed, not deleted, not downloaded, not encrypted, not valid', async () => {
    const listB = dataOf<{ records: FirmwareImage[] }>(
      await send(f, { method: 'GET', url: P.list }, f.auth.makerB),
    );
    expect(listB.records).toEqual([]);
    expect((await download(f.auth.makerB, made.fileName)).statusCode).toBe(404);
    expect((await download(f.auth.makerB, 'fc-1.0.bin', 'plain')).statusCode).toBe(404);
    for (const type of ['plain', 'encrypted']) {
      const name = type === 'plain' ? 'fc-1.0.bin' : made.fileName;
      const del = await send(
        f,
        { method: 'DELETE', url: `${P.list}/${name}?firmwareType=${type}` },
        f.auth.makerB,
      );
      expect(del.statusCode).toBe(404);
    }
    const keyB = await genkey(f, f.auth.makerB);
    const withOwnKey = await encrypt(f.auth.makerB, 'fc-1.0.bin', keyB.pem);
    expect(withOwnKey.statusCode).toBe(404);
    expect(withOwnKey.json().message).toBe('Firmware file not found');
    const bPlain = await uploadPlain(f, f.auth.makerB, 'b.bin', firmwareBytes(10_000), {
      modelId: String(f.modelB),
      version: '2.0',
    });
    expect(bPlain.statusCode).toBe(200);
    const withAsKey = await encrypt(f.auth.makerB, 'b.bin', key.pem);
    expect(withAsKey.statusCode).toBe(400);
    expect(withAsKey.json().message).toBe(
      'This private key is not one of the signing keys registered to your account',
    );
    for (const who of [f.auth.makerB, f.auth.platform]) {
      const v = dataOf<FirmwareVerdict>(await verifyfw(who, image));
      expect(v.valid).toBe(false);
      expect(['unknownKey', 'cannotDecrypt']).toContain(v.reason);
    }
  });

  it('refuses keys that are not Ed25519 PKCS#8 PEM, without echoing them', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const privkey of [ec, 'x', key.pem.replace('PRIVATE', 'PUBLIC')]) {
      const res = await encrypt(f.auth.makerA, 'fc-1.0.bin', privkey, 'zh-TW');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('私鑰格式不正確：請使用本系統產生並下載的 Ed25519 私鑰（PKCS#8 PEM）');
    }
  });

  it('after the key is revoked the image verifies as revoked, and the key signs nothing more', async () => {
    expect(
      (await send(f, { method: 'POST', url: P.revokekey, payload: { keyId: key.keyId } }, f.auth.makerA))
        .statusCode,
    ).toBe(200);
    const v = dataOf<FirmwareVerdict>(await verifyfw(f.auth.makerA, image));
    expect(v).toMatchObject({
      valid: false,
      reason: 'revoked',
      revoked: true,
      hashOk: true,
      signatureOk: true,
      message: 'The signature is correct, but its key has been revoked',
    });
    const list = dataOf<{ records: FirmwareImage[] }>(
      await send(f, { method: 'GET', url: P.list }, f.auth.makerA),
    );
    expect(list.records.find((r) => r.fileName === made.fileName)?.keyRevoked).toBe(true);
    const res = await encrypt(f.auth.makerA, 'fc-1.0.bin', key.pem);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This signing key has been revoked');
  });

  it('DELETE list/{fileName} removes the row and the file; firmwareType is plain or encrypted', async () => {
    const row = await f.t.db
      .selectFrom('firmware_files')
      .select('storage_id')
      .where('file_name', '=', made.fileName)
      .executeTakeFirstOrThrow();
    const path = join(firmwareDir('files'), `${row.storage_id}.bin`);
    expect(existsSync(path)).toBe(true);
    const wrong = await send(
      f,
      { method: 'DELETE', url: `${P.list}/${made.fileName}?firmwareType=zip` },
      f.auth.makerA,
    );
    expect(wrong.statusCode).toBe(400);
    const asPlain = await send(
      f,
      { method: 'DELETE', url: `${P.list}/${made.fileName}?firmwareType=plain` },
      f.auth.makerA,
    );
    expect(asPlain.statusCode).toBe(404);
    const del = await send(
      f,
      { method: 'DELETE', url: `${P.list}/${made.fileName}?firmwareType=encrypted` },
      f.auth.makerA,
    );
    expect(del.statusCode).toBe(200);
    await expect.poll(() => existsSync(path)).toBe(false);
    const again = await send(
      f,
      { method: 'DELETE', url: `${P.list}/${made.fileName}?firmwareType=encrypted` },
      f.auth.makerA,
    );
    expect(again.statusCode).toBe(404);
  });
});

describe('the logs', () => {
  it('every firmware write is in the system log with the file and key id, and no key text', async () => {
    const rows = await f.t.db
      .selectFrom('system_logs')
      .select(['action', 'result', 'target', 'detail'])
      .where('action', 'like', '% /api/firmware/%')
      .execute();
    const upload = rows.find((r) => r.action === 'POST /api/firmware/plain' && r.result === 200);
    expect(upload).toMatchObject({
      target: 'fileName=fc-1.0.bin',
      detail: { fileName: 'fc-1.0.bin', modelId: f.modelA, version: '1.2.3+4' },
    });
    const enc = rows.find((r) => r.action === 'POST /api/firmware/encrypt' && r.result === 200);
    expect(enc).toMatchObject({
      target: 'filename=fc-1.0.bin',
      detail: { fileName: `fc-1.0.${key.keyId}.signed.bin`, source: 'fc-1.0.bin', keyId: key.keyId },
    });
    expect(rows.some((r) => r.action === 'POST /api/firmware/encrypt' && r.result === 409)).toBe(true);
    expect(
      rows.find((r) => r.action === 'DELETE /api/firmware/list/:fileName' && r.result === 200),
    ).toMatchObject({
      target: `fileName=fc-1.0.${key.keyId}.signed.bin`,
      detail: { firmwareType: 'encrypted' },
    });
    // verifyfw and verifylog change nothing and are not logged.
    expect(rows.some((r) => r.action.includes('/verify'))).toBe(false);
    const all = JSON.stringify(await f.t.db.selectFrom('system_logs').selectAll().execute());
    expect(all).not.toContain(secretOf(key.pem));
    expect(all).not.toContain('PRIVATE KEY');
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(text).not.toContain(secretOf(key.pem));
    expect(text).not.toContain('BEGIN PRIVATE KEY');
  });
});
