import type { SyslogRow } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en/syslog.json';
import { cellValue } from '../../list/columns.ts';
import { apiQuery } from '../../list/query.ts';
import type { ColumnDef } from '../../list/types.ts';
import { actionText, cappedText, resultText, syslogConfig, TYPE_CHOICES } from './config.ts';

/** English texts of the syslog namespace, as i18next would give them (keys it lacks come back as is). */
const t = (key: string, vars?: Record<string, string | number>) => {
  const path = key.replace(/^syslog:/, '').split('.');
  let v: unknown = en;
  for (const p of path) v = (v as Record<string, unknown> | undefined)?.[p];
  if (typeof v !== 'string') return key;
  return v.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars?.[k] ?? ''));
};
const row: SyslogRow = {
  id: 7,
  time: Date.UTC(2026, 10, 24, 8, 30),
  accountName: '丰收飞防服务合作社',
  userName: '赵强',
  logType: 2,
  action: 'PUT /api/drone/rtk/manage/bind',
  actionKey: 'rtkBind',
  target: 'devId=X1',
  ip: '10.0.0.1',
  result: 403,
};
const hooks = { resultCell: () => null };

describe('system log list configuration', () => {
  it('gives the platform the account filter and column, other accounts neither', () => {
    const platform = syslogConfig({ t, platform: true, today: '2026-11-24' }, hooks);
    expect(platform.filters?.map((f) => f.name)).toEqual(['accountName', 'userName', 'days', 'logType']);
    expect(platform.columns.map((c) => c.key)).toContain('accountName');
    const own = syslogConfig({ t, platform: false, today: '2026-11-24' }, hooks);
    expect(own.filters?.map((f) => f.name)).toEqual(['userName', 'days', 'logType']);
    expect(own.columns.map((c) => c.key)).not.toContain('accountName');
    expect(own.form).toBeUndefined();
    expect(own.remove).toBeUndefined();
  });

  it('shows the action translated, else as logged, and the result with its status', () => {
    expect(actionText(row, t)).toBe('Bind an RTK service key');
    expect(actionText({ ...row, actionKey: 'noSuchKey' }, t)).toBe(row.action);
    expect(actionText({ ...row, actionKey: null, action: 'POST /api/x' }, t)).toBe('POST /api/x');
    expect(resultText(row, t)).toBe('Refused (403)');
    expect(resultText({ result: 200 }, t)).toBe('OK');
    expect(resultText({ result: null }, t)).toBe('-');
    const config = syslogConfig({ t, platform: true, today: '2026-11-24' }, hooks);
    const col = (key: string) => config.columns.find((c) => c.key === key);
    expect(cellValue(col('logType') as ColumnDef<SyslogRow>, row)).toBe('Change');
    expect(cellValue(col('action') as ColumnDef<SyslogRow>, row)).toBe('Bind an RTK service key');
  });

  it('sends the type choice as a comma list, newest first by default', () => {
    const config = syslogConfig({ t, platform: true, today: '2026-11-24' }, hooks);
    expect(TYPE_CHOICES).toContain('1,2');
    const q = apiQuery({ page: 1, size: 20, filters: { logType: '1,2,3', userName: '赵' } }, config);
    expect(q).toMatchObject({ logType: '1,2,3', userName: '赵', order: 1, currentPage: 1, pageSize: 20 });
  });

  it('says when more rows match than are counted', () => {
    expect(cappedText({ records: [], total: 10_000, current: 1, size: 20, capped: true }, t)).toMatch(
      /^More than 10,000 rows/,
    );
    expect(cappedText({ records: [], total: 12, current: 1, size: 20, capped: false }, t)).toBeNull();
  });
});
