/**
 * The account field of the sign-in forms: a phone number or an e-mail in every language. Mainland
 * layout: an 11-digit mainland mobile number or an e-mail. International layout: a dial-code choice
 * and a phone number or e-mail (000 §5). Must sit inside a Form.
 */
import { UserOutlined } from '@ant-design/icons';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DialCodeSelect } from './DialCodeSelect.tsx';
import { loginAccountRules } from './validators.ts';

/** The longest account the sign-in calls take (an e-mail, loginPdBody.phoneNum). */
const ACCOUNT_MAX = 254;

interface Props {
  mainland: boolean;
  dialCodes: readonly string[];
}

export function AccountInput({ mainland, dialCodes }: Props) {
  const { t } = useTranslation('auth');
  if (mainland) {
    return (
      <Form.Item name="phoneNum" rules={loginAccountRules(t, true)} validateFirst>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('placeholder.phoneOrEmail')}
          maxLength={ACCOUNT_MAX}
          autoComplete="username"
        />
      </Form.Item>
    );
  }
  return (
    <Form.Item>
      <Space.Compact block>
        <Form.Item name="dialCode" noStyle>
          <DialCodeSelect codes={dialCodes} size="large" />
        </Form.Item>
        <Form.Item name="phoneNum" noStyle rules={loginAccountRules(t, false)} validateFirst>
          <Input
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('placeholder.phoneOrEmail')}
            maxLength={ACCOUNT_MAX}
            autoComplete="username"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
