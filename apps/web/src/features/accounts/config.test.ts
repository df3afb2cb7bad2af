import { describe, expect, it } from 'vitest';
import { unwrapKeyFile } from './api.ts';
import { accountFigures, accountsConfig, createBody, ruleOf, updateBody } from './config.ts';

const t = (k: string) => k;
const hooks = { enabledCell: () => null, openRental: () => {}, openMerge: () => {} };

describe('accounts list configuration', () => {
  it('gives the platform create, merge and the accountType filter; a sub-company list neither merge nor type', () => {
    const all = accountsConfig(
      { t, mode: 'all', isPlatform: true, isSubPlatform: false, canManage: true },
      hooks,
    );
    expect(all.form?.create).toBeDefined();
    expect(all.rowActions?.map((a) => a.key)).toEqual(['rental', 'merge']);
    expect(all.filters?.map((f) => f.name)).toEqual([
      'accountType',
      'accountName',
      'contactName',
      'userPhone',
      'teamType',
      'search',
      'isAll',
    ]);
    const sub = accountsConfig(
      { t, mode: 'sub', isPlatform: false, isSubPlatform: false, canManage: true },
      hooks,
    );
    expect(sub.rowActions?.map((a) => a.key)).toEqual(['rental']);
    expect(sub.filters?.some((f) => f.name === 'accountType')).toBe(false);
    const gov = accountsConfig(
      { t, mode: 'all', isPlatform: false, isSubPlatform: false, canManage: true },
      hooks,
    );
    expect(gov.form).toBeUndefined();
  });

  it('maps a 9-digit rule code to the province, city or county rule', () => {
    expect(ruleOf(156320000)).toEqual({ ruleProvince: 156320000, ruleCity: null, ruleCounty: null });
    expect(ruleOf(156320100)).toEqual({ ruleProvince: null, ruleCity: 156320100, ruleCounty: null });
    expect(ruleOf(156320102)).toEqual({ ruleProvince: null, ruleCity: null, ruleCounty: 156320102 });
    expect(ruleOf(undefined)).toEqual({ ruleProvince: null, ruleCity: null, ruleCounty: null });
  });

  it('builds the create and update bodies', () => {
    const b = createBody({
      accountType: 2,
      accountName: ' 厅 ',
      contactName: '王',
      ruleRegion: 156320000,
      adminName: 'a',
      adminPhone: '13900000000',
      email: '',
    });
    expect(b).toMatchObject({
      accountType: 2,
      accountName: '厅',
      ruleProvince: 156320000,
      email: null,
      adminPhone: '13900000000',
      operatorType: null,
    });
    const row = { accountId: 7, accountType: 3 } as Parameters<typeof updateBody>[0];
    expect(updateBody(row, { accountName: 'x', contactName: 'y', vipLevel: 2 }, false)).not.toHaveProperty(
      'vipLevel',
    );
    expect(updateBody(row, { accountName: 'x', contactName: 'y', vipLevel: 2 }, true)).toMatchObject({
      accountId: 7,
      vipLevel: 2,
    });
  });

  it('shows the three stats and unwraps an error that arrives as a file', async () => {
    expect(accountFigures({ zfNum: 1, zzqyNum: 2, yyqyNum: 3 } as never, t).map((f) => f.value)).toEqual([
      '1',
      '2',
      '3',
    ]);
    await expect(unwrapKeyFile(new Blob(['{"code":404,"message":"not found"}']))).rejects.toMatchObject({
      message: 'not found',
      code: 404,
    });
    const ok = new Blob(['vid=a\nsecret=b\n']);
    expect(await unwrapKeyFile(ok)).toBe(ok);
  });
});
