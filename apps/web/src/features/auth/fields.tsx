/**
 * Field groups the public forms share: the SMS/e-mail code with its button, and the new password
 * with its confirmation (registration, retrieval, SMS sign-in).
 */
import { type CodeType, LIMITS } from '@agrifleet/domain';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';
import { CodeButton } from './CodeButton.tsx';
import { confirmRules, passwordRules, smsCodeRules } from './validators.ts';

/** The code input beside its countdown button; `account` validates and returns the phoneNum. */
export function CodeField(props: {
  codeType: CodeType;
  account: () => Promise<string>;
  label?: ReactNode;
  prefix?: ReactNode;
  size?: 'middle' | 'large';
}) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item label={props.label} required={props.label ? true : undefined}>
      <div className={styles.codeRow}>
        <Form.Item name="verifyCode" noStyle rules={smsCodeRules(t)} validateFirst>
          <Input
            prefix={props.prefix}
            placeholder={t('placeholder.smsCode')}
            maxLength={LIMITS.codeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <CodeButton
          codeType={props.codeType}
          account={props.account}
          size={props.size}
          className={styles.codeButton}
        />
      </div>
    </Form.Item>
  );
}

/** A new password under the shared rule (field `password`). */
export function NewPasswordField({ label }: { label: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="password" label={label} rules={passwordRules(t)} validateFirst>
      <Input.Password
        placeholder={t('placeholder.newPassword')}
        minLength={LIMITS.passwordMin}
        maxLength={LIMITS.passwordMax}
        autoComplete="new-password"
      />
    </Form.Item>
  );
}

/** Its confirmation (field `passwordConfirmation`, removed before sending). */
export function ConfirmPasswordField() {
  const { t } = useTranslation('auth');
  return (
    <Form.Item
      name="passwordConfirmation"
      label={t('field.passwordConfirmation')}
      dependencies={['password']}
      rules={confirmRules(t, 'password')}
      validateFirst
    >
      <Input.Password
        placeholder={t('placeholder.confirmPassword')}
        maxLength={LIMITS.passwordMax}
        autoComplete="new-password"
      />
    </Form.Item>
  );
}
