import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { PROFILE_TRIGGERS, profileBody, profileRules } from './profileRules.ts';

const t = (key: string) => key;
const rules = profileRules(t);

/** Runs the custom validators of a field (the required rules are antd's own). */
async function check(field: keyof typeof rules, value: string, form: Record<string, string> = {}) {
  const instance = { getFieldValue: (name: string) => form[name] } as unknown as FormInstance;
  for (const rule of rules[field] as FormRule[]) {
    const r = typeof rule === 'function' ? rule(instance) : rule;
    if (r.validator) await r.validator({} as never, value, () => undefined);
  }
}

describe('profile rules', () => {
  it('requires every field', () => {
    for (const field of Object.keys(rules) as (keyof typeof rules)[]) {
      expect(rules[field].some((r) => typeof r !== 'function' && r.required)).toBe(true);
    }
  });
  it('validates text fields on blur and the avatar on change', () => {
    expect(PROFILE_TRIGGERS).toMatchObject({
      userName: 'onBlur',
      userHeadUrl: 'onChange',
      newPassword: 'onBlur',
    });
  });
  it('applies the shared password rule to the new password', async () => {
    await expect(check('newPassword', 'abc')).rejects.toThrow('profile.passwordRule');
    await expect(check('newPassword', 'abcdefgh')).rejects.toThrow('profile.passwordRule');
    await expect(check('newPassword', 'agri2027x')).resolves.toBeUndefined();
  });
  it('requires the confirmation to match', async () => {
    await expect(check('newPasswordConfirmation', 'agri2027y', { newPassword: 'agri2027x' })).rejects.toThrow(
      'profile.passwordMismatch',
    );
    await expect(
      check('newPasswordConfirmation', 'agri2027x', { newPassword: 'agri2027x' }),
    ).resolves.toBeUndefined();
  });
  it('sends the profile fields without the confirmation', () => {
    expect(
      profileBody({
        userName: ' Li ',
        userHeadUrl: '/a.png',
        oldPassword: 'o1234567',
        newPassword: 'n1234567',
        newPasswordConfirmation: 'n1234567',
      }),
    ).toEqual({ userName: 'Li', userHeadUrl: '/a.png', oldPassword: 'o1234567', newPassword: 'n1234567' });
  });
});
