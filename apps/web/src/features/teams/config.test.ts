import { describe, expect, it, vi } from 'vitest';
import { teamsConfig } from './config.ts';

describe('teamsConfig', () => {
  it('offers create, rename and delete to managers only; members to everyone', () => {
    const open = vi.fn();
    const c = teamsConfig({ canManage: true, openMembers: open });
    expect(c.form?.fields.map((f) => f.name)).toEqual(['groupName']);
    expect(c.remove).toBeTypeOf('function');
    const r = teamsConfig({ canManage: false, openMembers: open });
    expect(r.form).toBeUndefined();
    expect(r.remove).toBeUndefined();
    expect(r.rowActions?.map((a) => a.key)).toEqual(['members']);
  });
});
