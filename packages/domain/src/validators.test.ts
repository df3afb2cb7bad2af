import { describe, expect, it } from 'vitest';
import {
  formatAccount,
  isEmail,
  isMainlandPhone,
  isPassword,
  maskPhone,
  parseAccount,
} from './validators.ts';

describe('validators', () => {
  it('password: 8 to 16 letters and digits with at least one of each', () => {
    expect(isPassword('agri2026')).toBe(true);
    expect(isPassword('Abcdefgh12345678')).toBe(true);
    expect(isPassword('abc1234')).toBe(false);
    expect(isPassword('abcdefgh123456789')).toBe(false);
    expect(isPassword('abcdefgh')).toBe(false);
    expect(isPassword('12345678')).toBe(false);
    expect(isPassword('abcd 1234')).toBe(false);
    expect(isPassword('abcd_1234')).toBe(false);
  });

  it('mainland phone: 11 digits, 1 then 3-9', () => {
    expect(isMainlandPhone('13800000001')).toBe(true);
    expect(isMainlandPhone('12800000001')).toBe(false);
    expect(isMainlandPhone('1380000000')).toBe(false);
  });

  it('e-mail', () => {
    expect(isEmail('a.b@example.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('not an email')).toBe(false);
  });

  it('parses accounts: bare mainland numbers, dial-code numbers, e-mails', () => {
    expect(parseAccount('13800000001')).toEqual({ kind: 'phone', countryCode: '86', phone: '13800000001' });
    expect(parseAccount('+66-812345678')).toEqual({ kind: 'phone', countryCode: '66', phone: '812345678' });
    expect(parseAccount('812345678', '66')).toEqual({ kind: 'phone', countryCode: '66', phone: '812345678' });
    expect(parseAccount('Admin@Example.com')).toEqual({ kind: 'email', email: 'admin@example.com' });
    expect(parseAccount('86-12345')).toBeNull();
    expect(parseAccount('86-12800000001')).toBeNull();
    expect(parseAccount('abc')).toBeNull();
    expect(formatAccount({ kind: 'phone', countryCode: '86', phone: '13800000001' })).toBe('86-13800000001');
  });

  it('masks phones keeping the first and last 3 digits', () => {
    expect(maskPhone('13800000001')).toBe('138*****001');
    expect(maskPhone('123456')).toBe('123456');
  });
});
