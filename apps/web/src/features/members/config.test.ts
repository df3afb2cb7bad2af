import type { MemberRow } from '@agrifleet/domain';
import { describe, expect, it, vi } from 'vitest';
import { cellValue } from '../../list/columns.ts';
import { editForm, type MemberHooks, membersConfig } from './config.ts';

const t = (key: string) => key;
const row: MemberRow = {
  userId: 7,
  userName: '新飞手',
  phone: '139*****001',
  phoneCountry: '86',
  email: null,
  userType: 3,
  teamType: 1,
  enabled: true,
  accountId: 5,
  accountName: '丰收飞防服务合作社',
  lastLoginAt: null,
  createdAt: Date.UTC(2026, 10, 24),
  manageable: true,
};
const hooks = (canManage: boolean, showAccount = false): MemberHooks => ({
  canManage,
  showAccount,
  enabledCell: () => null,
  openCreate: vi.fn(),
  openEdit: vi.fn(),
  remove: vi.fn(),
});

describe('membersConfig', () => {
  it('has the spec filters and shows the account column only to the platform', () => {
    const c = membersConfig(t, hooks(true));
    expect(c.filters?.map((f) => f.name)).toEqual(['userName', 'phone', 'userType', 'enabled']);
    expect(c.columns.some((col) => col.key === 'accountName')).toBe(false);
    expect(membersConfig(t, hooks(true, true)).columns.some((col) => col.key === 'accountName')).toBe(true);
  });

  it('translates user and team types; offers create to managers and row actions on manageable rows only', () => {
    const c = membersConfig(t, hooks(true));
    const col = (key: string) => c.columns.find((x) => x.key === key);
    expect(cellValue(col('userType') as never, row)).toBe('common:userType.3');
    expect(cellValue(col('teamType') as never, row)).toBe('members:teamType.1');
    expect(c.toolbar?.map((a) => a.key)).toEqual(['create']);
    expect(membersConfig(t, hooks(false)).toolbar).toEqual([]);
    const edit = c.rowActions?.find((a) => a.key === 'edit');
    expect(edit?.visible?.(row)).toBe(true);
    expect(edit?.visible?.({ ...row, manageable: false })).toBe(false);
  });

  it('the edit form offers only the grantable types and sends the update', async () => {
    const update = vi.fn(async () => null);
    const form = editForm([3, 5], update);
    const types = form.fields.find((f) => f.name === 'userType')?.options as { value: number }[];
    expect(types.map((o) => o.value)).toEqual([3, 5]);
    await form.update?.(row, { userName: '飞手甲', userType: 5, teamType: undefined });
    expect(update).toHaveBeenCalledWith({ userId: 7, userName: '飞手甲', userType: 5, teamType: null });
  });
});
