import { maskQxdsk, normalizeBtaddr, type RtkRow, rtkDaysLeft } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import { cellValue, exportTable } from '../../list/columns.ts';
import { fieldRules, shownFields, submittedValues } from '../../list/fields.ts';
import { apiQuery } from '../../list/query.ts';
import {
  bindForm,
  daysText,
  expiryLevel,
  type RtkHooks,
  renewalRequest,
  renewForm,
  rtkConfig,
} from './config.ts';

const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key}(${Object.values(vars).join(',')})` : key;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);
const row: RtkRow = {
  devId: 'JYRTK26000100',
  droneId: 'JYP26000003',
  droneName: 'JY-P40-004',
  yyAccountName: '丰收飞防服务合作社',
  zzAccountName: '极翼植保无人机有限公司',
  pn: 'JY-RTK-M2',
  type: 1,
  btaddr: '5C:E8:83:00:01:00',
  qxdsk: 'qx******1f',
  allowed: true,
  expiresAt: NOW + 12.5 * DAY,
  daysLeft: 12,
  createdAt: NOW - 100 * DAY,
};
const hooks = (canManage: boolean): RtkHooks => ({
  canManage,
  allowedCell: () => null,
  expiryCell: () => null,
  droneCell: () => null,
  openBind: vi.fn(),
  openRenew: vi.fn(),
});
const look = { t, today: '2026-11-24', showManufacturer: true };

describe('RTK list configuration', () => {
  it('sends the spec parameters page, size, pn and type', () => {
    const config = rtkConfig(look, hooks(true));
    expect(config.filters?.map((f) => f.name)).toEqual(['pn', 'type']);
    expect(apiQuery({ page: 2, size: 50, filters: { pn: 'RTK', type: 3 } }, config)).toEqual({
      page: 2,
      size: 50,
      pn: 'RTK',
      type: 3,
    });
  });

  it('shows every column with the masked key, the type and the days left, and exports them', () => {
    const config = rtkConfig(look, hooks(true));
    expect(config.columns.map((c) => c.key)).toEqual([
      'devId',
      'drone',
      'pn',
      'type',
      'btaddr',
      'qxdsk',
      'allowed',
      'expiresAt',
      'owner',
      'manufacturer',
    ]);
    expect(
      rtkConfig({ ...look, showManufacturer: false }, hooks(true)).columns.map((c) => c.key),
    ).not.toContain('manufacturer');
    const values = Object.fromEntries(config.columns.map((c) => [c.key, cellValue(c, row)]));
    expect(values).toMatchObject({
      devId: 'JYRTK26000100',
      drone: 'JYP26000003',
      type: 'rtk:type.1',
      qxdsk: 'qx******1f',
      allowed: 'rtk:allowed.yes',
      owner: '丰收飞防服务合作社',
      manufacturer: '极翼植保无人机有限公司',
    });
    expect(values.expiresAt).toMatch(/^2026-12-0[67]$/);
    const table = exportTable(config.columns, [row], t);
    expect(table.header[0]).toBe('rtk:col.devId');
    expect(table.rows[0]).toHaveLength(10);
    expect(config.export?.fileName()).toBe('rtk:fileName(2026-11-24)');
  });

  it('offers bind and renew only to users who manage equipment', () => {
    const h = hooks(true);
    const config = rtkConfig(look, h);
    expect(config.toolbar?.map((a) => a.key)).toEqual(['bind', 'renew']);
    config.rowActions?.find((a) => a.key === 'renew')?.onClick(row, { refresh: () => {}, query: {} });
    expect(h.openRenew).toHaveBeenCalledWith(row);
    const viewer = rtkConfig(look, hooks(false));
    expect(viewer.toolbar).toEqual([]);
    expect(viewer.rowActions).toEqual([]);
  });

  it('highlights an ended service and one ending within 30 days', () => {
    expect(expiryLevel({ expiresAt: null, daysLeft: null }, NOW)).toBe('none');
    expect(expiryLevel({ expiresAt: NOW - DAY, daysLeft: -1 }, NOW)).toBe('ended');
    expect(expiryLevel({ expiresAt: NOW + 3600_000, daysLeft: 0 }, NOW)).toBe('soon');
    expect(expiryLevel({ expiresAt: NOW + 29.5 * DAY, daysLeft: 29 }, NOW)).toBe('soon');
    expect(expiryLevel({ expiresAt: NOW + 30.5 * DAY, daysLeft: 30 }, NOW)).toBe('ok');
    expect(daysText({ expiresAt: NOW - 5.5 * DAY, daysLeft: -5 }, t, NOW)).toBe('rtk:expiry.ended(5)');
    expect(daysText({ expiresAt: NOW + 12.5 * DAY, daysLeft: 12 }, t, NOW)).toBe('rtk:expiry.left(12)');
    expect(daysText({ expiresAt: null, daysLeft: null }, t, NOW)).toBe('rtk:expiry.none');
  });
});

describe('RTK values shared with the server', () => {
  it('counts days left down to 0, and days since the end from -1, in statistics days', () => {
    const SH = 'Asia/Shanghai'; // NOW is 2026-11-24 20:00 there
    expect(rtkDaysLeft(null, NOW, SH)).toBeNull();
    // 2026-12-07 08:00 in Shanghai: 12.5 x 24 hours, but 13 days after today by the calendar
    expect(rtkDaysLeft(NOW + 12.5 * DAY, NOW, SH)).toBe(13);
    expect(rtkDaysLeft(NOW + 3600_000, NOW, SH)).toBe(0);
    expect(rtkDaysLeft(NOW, NOW, SH)).toBe(-1);
    expect(rtkDaysLeft(NOW - DAY - 1000, NOW, SH)).toBe(-1);
    expect(rtkDaysLeft(NOW - 5.5 * DAY, NOW, SH)).toBe(-5);
  });

  it('writes Bluetooth addresses one way and hides keys and their length', () => {
    expect(normalizeBtaddr('5c-e8-83-00-01-0a')).toBe('5C:E8:83:00:01:0A');
    expect(normalizeBtaddr('5ce88300010a')).toBe('5C:E8:83:00:01:0A');
    expect(maskQxdsk('qxABCDEFGH12')).toBe('qx******12');
    expect(maskQxdsk('qxABCDEFGHIJKLMNOP12')).toBe('qx******12');
  });
});

describe('RTK dialogs', () => {
  const valid = async (form: ReturnType<typeof bindForm>, name: string, value: unknown) => {
    const field = form.fields.find((f) => f.name === name);
    if (!field) throw new Error(name);
    try {
      for (const rule of fieldRules(field, t))
        if (typeof rule === 'object' && rule.validator) await rule.validator({} as never, value, () => {});
      return true;
    } catch {
      return false;
    }
  };

  it('bind checks the key and device id as the server does and sends both', async () => {
    const bind = vi.fn(async () => ({}));
    const form = bindForm(bind);
    expect(await valid(form, 'qxdsk', 'qxGoodKey123')).toBe(true);
    expect(await valid(form, 'qxdsk', 'short')).toBe(false);
    expect(await valid(form, 'qxdsk', 'has space 123')).toBe(false);
    expect(await valid(form, 'devId', 'bad id')).toBe(false);
    expect(form.initial?.({ devId: 'JYRTK1' })).toEqual({ devId: 'JYRTK1' });
    await form.update?.({}, { devId: 'JYRTK1', qxdsk: 'qxGoodKey123' });
    expect(bind).toHaveBeenCalledWith({ devId: 'JYRTK1', qxdsk: 'qxGoodKey123' });
  });

  it('renewal asks for the address or the phone by method, and 1 to 3650 whole days', async () => {
    const form = renewForm(async () => ({}));
    const shown = (v: Record<string, unknown>) => shownFields(form.fields, 'edit', v).map((f) => f.name);
    expect(shown({ method: 'btaddr' })).toEqual(['method', 'btaddr', 'availableDays']);
    expect(shown({ method: 'phone' })).toEqual(['method', 'phone', 'availableDays']);
    expect(await valid(form, 'availableDays', 3650)).toBe(true);
    expect(await valid(form, 'availableDays', 0)).toBe(false);
    expect(await valid(form, 'availableDays', 3651)).toBe(false);
    expect(await valid(form, 'availableDays', 1.5)).toBe(false);
    expect(await valid(form, 'btaddr', '5c-e8-83-00-01-00')).toBe(true);
    expect(await valid(form, 'btaddr', '5C:E8:83:00:01')).toBe(false);
    expect(await valid(form, 'phone', '86-13800000005')).toBe(true);
    expect(await valid(form, 'phone', 'abc')).toBe(false);
    const values = submittedValues(form.fields, 'edit', {
      method: 'phone',
      phone: ' 13800000005 ',
      btaddr: '5C:E8:83:00:01:00',
      availableDays: 90,
    });
    expect(renewalRequest(values)).toEqual({
      method: 'phone',
      body: { phone: '13800000005', availableDays: 90 },
    });
    expect(renewalRequest({ method: 'btaddr', btaddr: '5C:E8:83:00:01:00', availableDays: 30 })).toEqual({
      method: 'btaddr',
      body: { btaddr: '5C:E8:83:00:01:00', availableDays: 30 },
    });
    expect(form.initial?.({ btaddr: '5C:E8:83:00:01:00' })).toEqual({
      method: 'btaddr',
      btaddr: '5C:E8:83:00:01:00',
      availableDays: 365,
    });
  });
});
