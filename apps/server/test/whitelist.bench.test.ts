/**
 * The whitelist upload bench (bench/whitelist-upload.ts runs it with WHITELIST_BENCH=1; skipped
 * otherwise): 100,000 ids in one .txt, then 100,000 others in one .xlsx (one id per row, a header),
 * through the real route, written as JSON {txt: {ids, added, bytes, ms}, xlsx: {...}} to WHITELIST_BENCH_OUT.
 * It lives here because the test app (helper.ts) needs vitest's global setup (the database templates).
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { WHITELIST_PATHS } from '@agrifleet/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, signInWith } from './helper.ts';
import { multipart } from './multipart.ts';

const N = 100_000;

describe.skipIf(!process.env.WHITELIST_BENCH)('whitelist upload bench', () => {
  it(`uploads ${N} ids`, async () => {
    const t = await createTestApp();
    try {
      const phone = '13800000003';
      await sql`UPDATE accounts SET vip_level = 1 WHERE id IN (SELECT account_id FROM users WHERE phone = ${phone})`.execute(
        t.db,
      );
      const { auth } = await signInWith(t, phone);
      const ids = (prefix: string) => Array.from({ length: N }, (_, i) => `${prefix}-${i}`);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('ids');
      sheet.addRow(['hwId']);
      for (const id of ids('BENCHX')) sheet.addRow([id]);
      const files = {
        txt: { name: 'ids.txt', data: Buffer.from(ids('BENCH').join('\n')) },
        xlsx: { name: 'ids.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) },
      };
      const result: Record<string, { ids: number; added: number; bytes: number; ms: number }> = {};
      for (const [kind, f] of Object.entries(files)) {
        const mp = multipart([
          { name: 'type', data: '1' },
          { name: 'file', filename: f.name, type: 'application/octet-stream', data: f.data },
        ]);
        const t0 = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: WHITELIST_PATHS.upload,
          headers: { ...auth, ...mp.headers },
          payload: mp.payload,
        });
        const ms = Math.round(performance.now() - t0);
        expect(res.statusCode, res.body).toBe(200);
        const { added } = res.json().data as { added: number };
        expect(added).toBe(N);
        result[kind] = { ids: N, added, bytes: f.data.length, ms };
      }
      const out = JSON.stringify(result);
      if (process.env.WHITELIST_BENCH_OUT) writeFileSync(process.env.WHITELIST_BENCH_OUT, out);
      else console.log(out);
    } finally {
      await t.close();
    }
  }, 120_000);
});
