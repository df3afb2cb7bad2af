import { describe, expect, it } from 'vitest';
import type { Translate } from '../../list/columns.ts';
import { accountApplyConfig, applyFigures, comparison, phoneText, userApplyConfig } from './config.ts';

const t = ((key: string) => `[${key}]`) as unknown as Translate;

describe('approvals lists', () => {
  it('compares what was submitted with the account now, field by field, marking changes', () => {
    const rows = comparison(
      { accountName: '新名称', contactName: '马强', city: '无锡市', accountType: 3 },
      { accountName: '旧名称', contactName: '马强', city: null, legal: '王五', email: null },
    );
    expect(rows.map((r) => r.field)).toEqual(['accountName', 'legal', 'contactName', 'city', 'accountType']);
    expect(rows[0]).toEqual({ field: 'accountName', submitted: '新名称', current: '旧名称', changed: true });
    expect(rows.find((r) => r.field === 'contactName')?.changed).toBe(false);
    expect(rows.find((r) => r.field === 'legal')).toEqual({
      field: 'legal',
      submitted: '',
      current: '王五',
      changed: false,
    });
    expect(rows.find((r) => r.field === 'city')).toMatchObject({
      submitted: '无锡市',
      current: '',
      changed: true,
    });
  });

  it('masks phones (001 §5: first 3 and last 3 digits) without the country prefix', () => {
    expect(phoneText('86-13800000001')).toBe('138*****001');
    expect(phoneText(null)).toBe('');
  });

  it('shows the three unaudited counts of the answer', () => {
    const figures = applyFigures(
      { records: [], total: 0, current: 1, size: 20, zfNotCheckNum: 1, zzqyCheckNum: 2, yyqyCheckNum: 3 },
      t,
    );
    expect(figures).toEqual([
      { key: 'zfNotCheckNum', label: '[approvals:stats.zfNotCheckNum]', value: '1' },
      { key: 'zzqyCheckNum', label: '[approvals:stats.zzqyCheckNum]', value: '2' },
      { key: 'yyqyCheckNum', label: '[approvals:stats.yyqyCheckNum]', value: '3' },
    ]);
    expect(applyFigures(undefined, t)[0]?.value).toBe('–');
  });

  it('filters with the spec names (001 §3 apply filters, user apply filters)', () => {
    const open = () => undefined;
    expect(accountApplyConfig(t, open).filters?.map((f) => f.name)).toEqual([
      'accountName',
      'accountId',
      'applyType',
      'applyStatus',
    ]);
    expect(userApplyConfig(t, open).filters?.map((f) => f.name)).toEqual([
      'userName',
      'accountName',
      'adminPhone',
      'accountType',
      'applyStatus',
    ]);
  });
});
