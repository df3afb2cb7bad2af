/** SMS sign-in (000 §3): phoneNum and the SMS code with its countdown button (codeType '1'). */
import { CodeType, LIMITS } from '@agrifleet/domain';
import { MessageOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { AccountInput } from './AccountInput.tsx';
import { loginPhoneNum } from './account.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { CodeButton } from './CodeButton.tsx';
import { useLoginSuccess } from './useLoginSuccess.ts';
import { smsCodeRules } from './validators.ts';

interface Values {
  dialCode?: string;
  phoneNum: string;
  verifyCode: string;
  rememberPassword: boolean;
}

interface Props {
  mainland: boolean;
  dialCodes: readonly string[];
  defaultDialCode: string;
}

export function SmsLoginForm({ mainland, dialCodes, defaultDialCode }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const done = useLoginSuccess();

  const phoneNum = (v: Pick<Values, 'dialCode' | 'phoneNum'>) =>
    mainland ? v.phoneNum.trim() : loginPhoneNum(v.phoneNum, v.dialCode ?? defaultDialCode, defaultDialCode);

  const account = async () => {
    await form.validateFields(['phoneNum']);
    return phoneNum(form.getFieldsValue(['dialCode', 'phoneNum']) as Values);
  };

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      done(
        await authApi.loginSms({
          phoneNum: phoneNum(v),
          verifyCode: v.verifyCode,
          rememberPassword: v.rememberPassword,
        }),
        form,
      );
    } catch (err) {
      if (err instanceof ApiError && err.message) message.error(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      initialValues={{ dialCode: defaultDialCode, rememberPassword: false }}
      onFinish={onFinish}
      size="large"
      className={styles.form}
    >
      <AccountInput mainland={mainland} dialCodes={dialCodes} />
      <Form.Item>
        <div className={styles.codeRow}>
          <Form.Item name="verifyCode" rules={smsCodeRules(t)} validateFirst noStyle>
            <Input
              prefix={<MessageOutlined />}
              placeholder={t('placeholder.smsCode')}
              maxLength={LIMITS.codeLength}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <CodeButton
            codeType={CodeType.login}
            account={account}
            size="large"
            className={styles.codeButton}
          />
        </div>
      </Form.Item>
      <div className={styles.optionsRow}>
        <Form.Item name="rememberPassword" valuePropName="checked" noStyle>
          <Checkbox>{t('login.rememberLogin')}</Checkbox>
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
