import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loginAccountRules } from './validators.ts';

const t = ((key: string) => key) as unknown as TFunction<'auth'>;

/** The first message the rules give for value, or null when it passes (as the form runs them). */
async function check(mainland: boolean, value: string): Promise<string | null> {
  for (const rule of loginAccountRules(t, mainland) as RuleObject[]) {
    if (rule.required && !value.trim()) return String(rule.message);
    try {
      await rule.validator?.(rule, value, () => {});
    } catch (err) {
      return (err as Error).message;
    }
  }
  return null;
}

describe('login account rules', () => {
  for (const mainland of [true, false]) {
    const layout = mainland ? 'mainland' : 'international';
    it(`${layout}: accepts an e-mail and a phone`, async () => {
      expect(await check(mainland, 'admin@agrifleet.local')).toBeNull();
      expect(await check(mainland, ' 13800000001 ')).toBeNull();
    });
    it(`${layout}: asks for a phone or e-mail, and says which one is wrong`, async () => {
      expect(await check(mainland, '')).toBe('validation.accountRequired');
      expect(await check(mainland, 'admin@agrifleet')).toBe('validation.emailInvalid');
      expect(await check(mainland, '13a')).toBe('validation.phoneInvalid');
    });
  }

  it('mainland: a number must be an 11-digit mainland mobile number', async () => {
    expect(await check(true, '12345678901')).toBe('validation.phoneInvalid');
    expect(await check(true, '1380000000')).toBe('validation.phoneInvalid');
    expect(await check(false, '1380000000')).toBeNull();
  });
});
