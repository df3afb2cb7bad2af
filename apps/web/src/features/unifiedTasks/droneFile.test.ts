import { describe, expect, it, vi } from 'vitest';
import { chunks, enrolInBatches, parseDroneIds, parseDroneText } from './droneFile.ts';

describe('uploaded drone lists', () => {
  it('reads ids separated by lines, commas, semicolons or tabs, skipping a header and repeats', () => {
    const text = '\uFEFFdroneId\r\nJYP26000001\r\nJYP26000002, JYP26000003;JYP26000001\t"JYP26000004"\n\n';
    expect(parseDroneText(text)).toEqual({
      ids: ['JYP26000001', 'JYP26000002', 'JYP26000003', 'JYP26000004'],
      invalid: [],
    });
    expect(parseDroneText('无人机编号\nJYP1，JYP2、JYP3')).toEqual({
      ids: ['JYP1', 'JYP2', 'JYP3'],
      invalid: [],
    });
  });

  it('reports what is not a drone id', () => {
    expect(parseDroneIds(['JYP1', 'bad id!', 'a'.repeat(65), 'bad id!'])).toEqual({
      ids: ['JYP1'],
      invalid: ['bad id!', 'a'.repeat(65)],
    });
  });

  it('sends the ids in batches of TFTZ_ENROL_MAX with progress and gathers the refused', async () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks(Array.from({ length: 4001 }, (_, i) => i)).map((c) => c.length)).toEqual([2000, 2000, 1]);
    const ids = Array.from({ length: 5 }, (_, i) => `D${i}`);
    const send = vi.fn(async (batch: string[]) => ({
      changed: batch.length - 1,
      refused: [batch[0] as string],
      reattributed: 0,
    }));
    const seen: number[] = [];
    const r = await enrolInBatches(ids, send, (p) => seen.push(p.sent), undefined, 2);
    expect(send).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([0, 2, 4, 5]);
    expect(r).toEqual({ sent: 5, total: 5, changed: 2, refused: ['D0', 'D2', 'D4'] });
  });

  it('stops when cancelled and when a call fails', async () => {
    const ctl = new AbortController();
    const send = vi.fn(async (batch: string[]) => {
      ctl.abort();
      return { changed: batch.length, refused: [], reattributed: 0 };
    });
    const r = await enrolInBatches(['A', 'B', 'C'], send, () => {}, ctl.signal, 1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(r.sent).toBe(1);
    const failing = vi.fn(async () => {
      throw new Error('refused');
    });
    await expect(enrolInBatches(['A', 'B'], failing, () => {}, undefined, 1)).rejects.toThrow('refused');
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
