/**
 * Validation of the profile form (000 §5 "Profile edit"): userName required (blur), userHeadUrl
 * required (change), oldPassword required (blur), newPassword required and passing the shared
 * password validator (blur), newPasswordConfirmation required and equal to newPassword (blur).
 */
import { isPassword } from '@agrifleet/domain';
import type { FormRule } from 'antd';

export interface ProfileForm {
  userName: string;
  userHeadUrl: string;
  oldPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

type T = (key: string) => string;

export function profileRules(t: T): Record<keyof ProfileForm, FormRule[]> {
  return {
    userName: [{ required: true, whitespace: true, message: t('profile.userNameRequired') }],
    userHeadUrl: [{ required: true, message: t('profile.avatarRequired') }],
    oldPassword: [{ required: true, message: t('profile.oldPasswordRequired') }],
    newPassword: [
      { required: true, message: t('profile.newPasswordRequired') },
      {
        validator: (_, value: string | undefined) =>
          !value || isPassword(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('profile.passwordRule'))),
      },
    ],
    newPasswordConfirmation: [
      { required: true, message: t('profile.confirmRequired') },
      ({ getFieldValue }) => ({
        validator: (_, value: string | undefined) =>
          !value || value === getFieldValue('newPassword')
            ? Promise.resolve()
            : Promise.reject(new Error(t('profile.passwordMismatch'))),
      }),
    ],
  };
}

/** Which event validates each field. */
export const PROFILE_TRIGGERS: Record<keyof ProfileForm, 'onBlur' | 'onChange'> = {
  userName: 'onBlur',
  userHeadUrl: 'onChange',
  oldPassword: 'onBlur',
  newPassword: 'onBlur',
  newPasswordConfirmation: 'onBlur',
};

/** The PUT user/profile body (the confirmation stays in the form). */
export function profileBody(v: ProfileForm) {
  return {
    userName: v.userName.trim(),
    userHeadUrl: v.userHeadUrl,
    oldPassword: v.oldPassword,
    newPassword: v.newPassword,
  };
}
