/** SMS sign-in (000 §3): phoneNum and the SMS code with its countdown button (codeType '1'). */
import { CodeType } from '@agrifleet/domain';
import { MessageOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountInput } from './AccountInput.tsx';
import { loginPhoneNum } from './account.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { CodeField } from './fields.tsx';
import { useLoginSuccess } from './useLoginSuccess.ts';
import { useSubmit } from './useSubmit.ts';

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
  const [form] = Form.useForm<Values>();
  const { submitting, run } = useSubmit();
  const done = useLoginSuccess();

  const phoneNum = (v: Pick<Values, 'dialCode' | 'phoneNum'>) =>
    mainland ? v.phoneNum.trim() : loginPhoneNum(v.phoneNum, v.dialCode ?? defaultDialCode, defaultDialCode);

  const account = async () => {
    await form.validateFields(['phoneNum']);
    return phoneNum(form.getFieldsValue(['dialCode', 'phoneNum']) as Values);
  };

  const onFinish = async (v: Values) => {
    await run(async () => {
      done(
        await authApi.loginSms({
          phoneNum: phoneNum(v),
          verifyCode: v.verifyCode,
          rememberPassword: v.rememberPassword,
        }),
        form,
      );
    });
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
      <CodeField codeType={CodeType.login} account={account} prefix={<MessageOutlined />} size="large" />
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
