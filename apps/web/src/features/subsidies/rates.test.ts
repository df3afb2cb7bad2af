import { rateTableBody } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { fenOfYuan, rateBody } from './rates.ts';

const head = { region: 320900000, year: 2026, hillRegions: [320923000] };

describe('rate table rows', () => {
  it('turns 元/亩 into fen per mu', () => {
    expect(fenOfYuan(10)).toBe(1000);
    expect(fenOfYuan(12.35)).toBe(1235);
    expect(fenOfYuan(0.1 + 0.2)).toBe(30);
  });
  it('builds a body the contract accepts, dropping empty rows', () => {
    const { body, problems } = rateBody(
      [
        { regionCode: 320900000, cropId: null, terrain: 'plain', yuanPerMu: 10 },
        { terrain: 'plain' },
        { regionCode: 320900000, cropId: 2, terrain: 'hill', yuanPerMu: 12.5 },
      ],
      { ...head, remark: '  spring  ' },
    );
    expect(problems).toEqual([]);
    expect(body?.rows).toEqual([
      { regionCode: 320900000, cropId: null, terrain: 'plain', fenPerMu: 1000 },
      { regionCode: 320900000, cropId: 2, terrain: 'hill', fenPerMu: 1250 },
    ]);
    expect(body?.remark).toBe('spring');
    expect(rateTableBody.safeParse(body).success).toBe(true);
  });
  it('names the line of a missing region, a bad rate and a repeated row', () => {
    const { body, problems } = rateBody(
      [
        { cropId: null, terrain: 'plain', yuanPerMu: 3 },
        { regionCode: 320900000, terrain: 'plain', yuanPerMu: -1 },
        { regionCode: 320900000, terrain: 'plain', yuanPerMu: 1 },
        { regionCode: 320900000, cropId: null, terrain: 'plain', yuanPerMu: 2 },
      ],
      head,
    );
    expect(body).toBeNull();
    expect(problems).toEqual([
      { line: 1, key: 'region' },
      { line: 2, key: 'rate' },
      { line: 4, key: 'duplicate' },
    ]);
  });
  it('has no body without a row', () => {
    expect(rateBody([{ terrain: 'plain' }], head).body).toBeNull();
  });
});
