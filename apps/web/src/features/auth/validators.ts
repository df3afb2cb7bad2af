/** antd form rules wired to the shared validators of 000 §5, with translated messages. */
import {
  CAPTCHA_RE,
  isEmail,
  isMainlandPhone,
  isPassword,
  isPhone,
  LIMITS,
  MAINLAND_PHONE_RE,
} from '@agrifleet/domain';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { looksLikeEmail } from './account.ts';

type T = TFunction<'auth'>;

export const required = (t: T, key: string): Rule => ({ required: true, message: t(key) });

/**
 * Login account, both layouts: a phone number or an e-mail (the README's admin@agrifleet.local signs
 * in whatever the language). The mainland layout wants an 11-digit mainland mobile number (000 §5),
 * the international one any digits (its dial code is chosen beside the field).
 */
export const loginAccountRules = (t: T, mainland: boolean): Rule[] => [
  { required: true, message: t('validation.accountRequired') },
  {
    validator: async (_r, value?: string) => {
      const v = value?.trim() ?? '';
      if (!v) return;
      if (looksLikeEmail(v)) {
        if (!isEmail(v)) throw new Error(t('validation.emailInvalid'));
      } else if (!(mainland ? MAINLAND_PHONE_RE : /^\d+$/).test(v))
        throw new Error(t('validation.phoneInvalid'));
    },
  },
];

/**
 * Registration and reset account: phone or e-mail. A number of 9 to 11 digits is a phone; with the
 * +86 dial code it must also be a mainland mobile number.
 */
export const accountRules = (
  t: T,
  opts: { mode?: 'phone' | 'email'; dialCode?: () => string } = {},
): Rule[] => [
  {
    required: true,
    message: t(
      opts.mode === 'email'
        ? 'validation.emailRequired'
        : opts.mode === 'phone'
          ? 'validation.phoneRequired'
          : 'validation.accountRequired',
    ),
  },
  {
    validator: async (_r, value?: string) => {
      const v = value?.trim() ?? '';
      if (!v) return;
      const asEmail = opts.mode === 'email' || (opts.mode !== 'phone' && looksLikeEmail(v));
      if (asEmail) {
        if (!isEmail(v)) throw new Error(t('validation.emailInvalid'));
        return;
      }
      const dial = opts.dialCode?.() ?? '86';
      if (!isPhone(v) || (dial === '86' && !isMainlandPhone(v)))
        throw new Error(t('validation.phoneInvalid'));
    },
  },
];

export const passwordRules = (t: T): Rule[] => [
  { required: true, message: t('validation.passwordRequired') },
  {
    validator: async (_r, value?: string) => {
      if (value && !isPassword(value)) throw new Error(t('validation.passwordRule'));
    },
  },
];

/** The confirmation must equal the field `field` of the same form. */
export const confirmRules = (t: T, field: string): Rule[] => [
  { required: true, message: t('validation.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_r, value?: string) => {
      if (value && value !== getFieldValue(field)) throw new Error(t('validation.passwordMismatch'));
    },
  }),
];

export const captchaRules = (t: T): Rule[] => [
  { required: true, message: t('validation.captchaRule') },
  { pattern: CAPTCHA_RE, message: t('validation.captchaRule') },
];

export const smsCodeRules = (t: T): Rule[] => [
  { required: true, message: t('validation.codeRequired') },
  { pattern: new RegExp(`^\\d{${LIMITS.codeLength}}$`), message: t('validation.codeInvalid') },
];

export const optionalEmailRules = (t: T): Rule[] => [
  {
    validator: async (_r, value?: string) => {
      if (value?.trim() && !isEmail(value.trim())) throw new Error(t('validation.emailInvalid'));
    },
  },
];
