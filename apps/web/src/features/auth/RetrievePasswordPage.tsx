/**
 * Password retrieval (000 §2): steps reset password / done. "Next" checks the code, then resets the
 * password (PUT resetPassword) and clears the session (000 §4).
 */
import { CodeType } from '@agrifleet/domain';
import { Button, Form, Input, Space, Steps, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { fullPhoneNum, looksLikeEmail } from './account.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { DialCodeSelect } from './DialCodeSelect.tsx';
import { DoneStep } from './DoneStep.tsx';
import { CodeField, ConfirmPasswordField, NewPasswordField } from './fields.tsx';
import { useBrand } from './useBrand.ts';
import { useSubmit } from './useSubmit.ts';
import { accountRules } from './validators.ts';

interface Values {
  dialCode: string;
  account: string;
  verifyCode: string;
  password: string;
  passwordConfirmation: string;
}

function ResetForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { host } = useBrand();
  const [form] = Form.useForm<Values>();
  const { submitting, run } = useSubmit();

  const phoneNum = (v: Pick<Values, 'account' | 'dialCode'>) => fullPhoneNum(v.account, v.dialCode);
  const account = async () => {
    await form.validateFields(['account']);
    return phoneNum(form.getFieldsValue(['account', 'dialCode']) as Values);
  };

  const onFinish = async (v: Values) => {
    const target = phoneNum(v);
    await run(async () => {
      await authApi.checkCode(target, v.verifyCode, CodeType.reset);
      await authApi.resetPassword({
        ...(looksLikeEmail(target) ? { email: target } : { phoneNum: target }),
        password: v.password,
        verifyCode: v.verifyCode,
      });
      session.clear();
      onDone();
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ dialCode: host.dialCode }}
      size="large"
    >
      <Form.Item label={t('field.account')} required>
        <Space.Compact block>
          <Form.Item name="dialCode" noStyle>
            <DialCodeSelect codes={host.dialCodes} size="large" />
          </Form.Item>
          <Form.Item
            name="account"
            noStyle
            dependencies={['dialCode']}
            validateFirst
            rules={accountRules(t, { dialCode: () => form.getFieldValue('dialCode') })}
          >
            <Input placeholder={t('placeholder.phoneOrEmail')} autoComplete="username" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <CodeField codeType={CodeType.reset} account={account} label={t('field.verifyCode')} size="large" />
      <NewPasswordField label={t('field.newPassword')} />
      <ConfirmPasswordField />
      <Button type="primary" htmlType="submit" block loading={submitting} className={styles.submit}>
        {t('retrieve.next')}
      </Button>
    </Form>
  );
}

export default function RetrievePasswordPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState(0);
  return (
    <div className={styles.page}>
      <AuthHeader
        label={t('retrieve.heading')}
        linkPrompt={t('retrieve.remembered')}
        linkText={t('register.toLogin')}
        linkTo="/login"
      />
      <main className={styles.pageBody}>
        <section className={`${styles.sheet} ${styles.sheetNarrow}`}>
          <Steps
            current={step}
            className={styles.steps}
            items={[{ title: t('retrieve.step1') }, { title: t('retrieve.step2') }]}
          />
          {step === 0 ? (
            <Tabs
              className={styles.tabs}
              items={[
                {
                  key: 'account',
                  label: t('retrieve.tab'),
                  children: <ResetForm onDone={() => setStep(1)} />,
                },
              ]}
            />
          ) : (
            <DoneStep status="success" title={t('retrieve.success')} />
          )}
        </section>
      </main>
    </div>
  );
}
