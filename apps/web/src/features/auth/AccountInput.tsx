/**
 * The account field of the sign-in forms. Mainland layout: an 11-digit phone. International layout:
 * a dial-code choice and a phone number or e-mail (000 §5). Must sit inside a Form.
 */
import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DialCodeSelect } from './DialCodeSelect.tsx';
import { intlAccountRules, mainlandPhoneRules } from './validators.ts';

interface Props {
  mainland: boolean;
  dialCodes: readonly string[];
}

export function AccountInput({ mainland, dialCodes }: Props) {
  const { t } = useTranslation('auth');
  if (mainland) {
    return (
      <Form.Item name="phoneNum" rules={mainlandPhoneRules(t)} validateFirst>
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('placeholder.phone')}
          maxLength={11}
          inputMode="numeric"
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
        <Form.Item name="phoneNum" noStyle rules={intlAccountRules(t)} validateFirst>
          <Input
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('placeholder.phoneOrEmail')}
            autoComplete="username"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
