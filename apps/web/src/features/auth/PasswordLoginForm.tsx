/**
 * Password sign-in (000 §3): phoneNum, password, the 4-digit image captcha and "remember password".
 * A failure refreshes the captcha and clears its field (000 §4).
 */
import { LIMITS } from '@agrifleet/domain';
import { LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountInput } from './AccountInput.tsx';
import { loginPhoneNum, rememberedAccount } from './account.ts';
import { authApi, captchaUrl } from './api.ts';
import styles from './auth.module.css';
import { CaptchaImage } from './CaptchaImage.tsx';
import { useLoginSuccess } from './useLoginSuccess.ts';
import { useSubmit } from './useSubmit.ts';
import { captchaRules, passwordRules } from './validators.ts';

interface Values {
  dialCode?: string;
  phoneNum: string;
  password: string;
  verifyCode: string;
  rememberPassword: boolean;
}

interface Props {
  mainland: boolean;
  dialCodes: readonly string[];
  defaultDialCode: string;
  showForgot: boolean;
}

export function PasswordLoginForm({ mainland, dialCodes, defaultDialCode, showForgot }: Props) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState(captchaUrl);
  const { submitting, run } = useSubmit();
  const done = useLoginSuccess();
  const [initial] = useState<Partial<Values>>(() => {
    const r = rememberedAccount.read();
    return {
      dialCode: r?.dialCode && dialCodes.includes(r.dialCode) ? r.dialCode : defaultDialCode,
      phoneNum: r?.account ?? '',
      rememberPassword: r !== null,
    };
  });

  const refreshCaptcha = () => setCaptcha(captchaUrl());

  const onFinish = async (v: Values) => {
    const dialCode = v.dialCode ?? defaultDialCode;
    await run(
      async () => {
        const result = await authApi.loginPd({
          phoneNum: mainland ? v.phoneNum.trim() : loginPhoneNum(v.phoneNum, dialCode, defaultDialCode),
          password: v.password,
          verifyCode: v.verifyCode,
          rememberPassword: v.rememberPassword,
        });
        if (v.rememberPassword) rememberedAccount.save(v.phoneNum.trim(), mainland ? undefined : dialCode);
        else rememberedAccount.forget();
        done(result, form);
      },
      () => {
        refreshCaptcha();
        form.setFieldValue('verifyCode', '');
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      initialValues={initial}
      onFinish={onFinish}
      size="large"
      className={styles.form}
    >
      <AccountInput mainland={mainland} dialCodes={dialCodes} />
      <Form.Item name="password" rules={passwordRules(t)} validateFirst>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('placeholder.password')}
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item>
        <div className={styles.codeRow}>
          <Form.Item name="verifyCode" rules={captchaRules(t)} validateFirst noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('placeholder.captcha')}
              maxLength={LIMITS.codeLength}
              inputMode="numeric"
              autoComplete="off"
            />
          </Form.Item>
          <CaptchaImage src={captcha} onRefresh={refreshCaptcha} />
        </div>
      </Form.Item>
      <div className={styles.optionsRow}>
        <Form.Item name="rememberPassword" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        {showForgot ? <Link to="/retrieve-password">{t('login.forgot')}</Link> : null}
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
