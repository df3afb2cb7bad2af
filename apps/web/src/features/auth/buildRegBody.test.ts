import { regBody } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { loginPhoneNum } from './account.ts';
import { buildRegBody, type RegisterValues, regionNames } from './buildRegBody.ts';

const base: RegisterValues = {
  accountMode: 'phone',
  dialCode: '86',
  account: ' 13900000123 ',
  verifyCode: '1234',
  password: 'abc12345',
  passwordConfirmation: 'abc12345',
  accountType: 3,
  accountName: 'Acme Agri',
  legal: '',
  contactName: 'Li Lei',
  region: '中国/江苏省/南京市/玄武区',
  email: 'ops@acme.test',
  agreement: true,
  checkOpr: '2',
  userSn: 'x',
};

describe('buildRegBody', () => {
  it('sends the phone with its dial code, region names and defaults, and no form-only fields', () => {
    const body = buildRegBody(base);
    expect(body).toMatchObject({
      phoneNum: '86-13900000123',
      email: 'ops@acme.test',
      operatorType: '1',
      commitWay: '1',
      province: '江苏省',
      city: '南京市',
      county: '玄武区',
      legal: undefined,
    });
    for (const k of [
      'passwordConfirmation',
      'checkOpr',
      'userSn',
      'agreement',
      'region',
      'account',
      'dialCode',
      'accountMode',
    ]) {
      expect(body).not.toHaveProperty(k);
    }
    expect(regBody.safeParse(body).success).toBe(true);
  });

  it('sends an e-mail account as email, and the operator type for operators', () => {
    const body = buildRegBody({
      ...base,
      accountMode: 'email',
      account: 'me@acme.test',
      accountType: 4,
      operatorType: '2',
    });
    expect(body.phoneNum).toBeUndefined();
    expect(body.email).toBe('me@acme.test');
    expect(body.operatorType).toBe('2');
  });

  it('keeps a country without provinces as the province', () => {
    expect(regionNames('Thailand')).toEqual({ province: 'Thailand', city: undefined, county: undefined });
    expect(regionNames(undefined)).toEqual({ province: undefined, city: undefined, county: undefined });
  });
});

describe('loginPhoneNum', () => {
  it('keeps mainland numbers and e-mails bare, prefixes others', () => {
    expect(loginPhoneNum('13800000001', '86')).toBe('13800000001');
    expect(loginPhoneNum('812345678', '66')).toBe('66-812345678');
    expect(loginPhoneNum('a@b.co', '66')).toBe('a@b.co');
    expect(loginPhoneNum('13800000001', '86', '91')).toBe('86-13800000001');
  });
});
