/** Shared set-up of the accounts API tests: demo callers by phone, account ids, a call helper. */
import { DEMO_PASSWORD } from '../src/demo/accounts.ts';
import { signInWith, type TestApp } from './helper.ts';

export const PHONES = {
  platform: '13800000001',
  government: '13800000002',
  makerA: '13800000003',
  makerB: '13800000004',
  operatorA: '13800000005',
  operatorB: '13800000006',
  personal: '13800000007',
  leaseManager: '13800000008',
  staff: '13800000009',
} as const;
export type Role = keyof typeof PHONES;

export const NAMES = {
  platform: '全国农业机械化协会监管平台',
  government: '江苏省农业农村厅',
  makerA: '极翼植保无人机有限公司',
  makerB: '云禾航空科技有限公司',
  operatorA: '丰收飞防服务合作社',
  operatorB: '绿野植保服务队',
  personal: '张伟',
} as const;

export async function accountsKit(t: TestApp) {
  const auth = {} as Record<Role, Record<string, string>>;
  for (const [role, phone] of Object.entries(PHONES))
    auth[role as Role] = (await signInWith(t, phone, DEMO_PASSWORD)).auth;
  const rows = await t.db.selectFrom('accounts').select(['id', 'account_name']).execute();
  const ids = {} as Record<keyof typeof NAMES, number>;
  for (const [k, name] of Object.entries(NAMES)) {
    const r = rows.find((a) => a.account_name === name);
    if (!r) throw new Error(`no demo account ${name}`);
    ids[k as keyof typeof NAMES] = r.id;
  }
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (
    who: Role | Record<string, string> | null,
    method: Method,
    url: string,
    payload?: unknown,
    lang?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who === null ? {} : typeof who === 'string' ? auth[who] : who),
        ...(lang ? { 'accept-language': lang } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { auth, ids, call };
}

/** A create body for the platform's POST create. */
export const newAccount = (n: string, extra: Record<string, unknown> = {}) => ({
  accountType: 3,
  accountName: `测试账号${n}`,
  contactName: `联系人${n}`,
  adminName: `管理员${n}`,
  ...extra,
});
