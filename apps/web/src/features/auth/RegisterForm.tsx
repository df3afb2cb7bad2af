/** Step 1 of registration (000 §2): account, code, password, organisation, agreement; POST reg. */
import { CodeType } from '@agrifleet/domain';
import { Button, Checkbox, Col, Form, Input, Row, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementDialog } from './AgreementDialog.tsx';
import { type AccountMode, fullPhoneNum, isChinese } from './account.ts';
import { authApi } from './api.ts';
import styles from './auth.module.css';
import { buildRegBody, type RegisterValues } from './buildRegBody.ts';
import { DialCodeSelect } from './DialCodeSelect.tsx';
import { CodeField, ConfirmPasswordField, NewPasswordField } from './fields.tsx';
import { RegisterCompanyFields } from './RegisterCompanyFields.tsx';
import { useBrand } from './useBrand.ts';
import { useSubmit } from './useSubmit.ts';
import { accountRules } from './validators.ts';

const half = { xs: 24, md: 12 };

export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const { host } = useBrand();
  const [form] = Form.useForm<RegisterValues>();
  const { submitting, run } = useSubmit();
  const [showAgreement, setShowAgreement] = useState(false);
  const [mode, setMode] = useState<AccountMode>('phone');
  const agreed = Form.useWatch('agreement', form) ?? true;
  const chinese = isChinese(i18n.language);
  const dialCodes = host.registerDialCodes.length ? host.registerDialCodes : [host.dialCode];

  const switchMode = (next: AccountMode) => {
    setMode(next);
    form.setFields([{ name: 'account', value: '', errors: [] }]);
  };

  const account = async () => {
    await form.validateFields(['account']);
    const v = form.getFieldsValue(['account', 'dialCode']) as RegisterValues;
    return mode === 'email' ? v.account.trim() : fullPhoneNum(v.account, v.dialCode);
  };

  const onFinish = async (v: RegisterValues) => {
    await run(async () => {
      await authApi.register(buildRegBody({ ...v, accountMode: mode }));
      onDone();
    });
  };

  return (
    <Form<RegisterValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={onFinish}
      scrollToFirstError
      initialValues={{ dialCode: dialCodes[0], operatorType: '1', agreement: true }}
    >
      <h3 className={styles.sectionTitle}>{t('register.sectionAccount')}</h3>
      <Row gutter={24}>
        <Col {...half}>
          <Form.Item
            label={
              <span className={styles.accountLabel}>
                {t('field.signupAccount')}
                <Segmented<AccountMode>
                  size="small"
                  value={mode}
                  options={[
                    { value: 'phone', label: t('register.byPhone') },
                    { value: 'email', label: t('register.byEmail') },
                  ]}
                  onChange={switchMode}
                />
              </span>
            }
            required
            className={styles.accountItem}
          >
            {mode === 'phone' ? (
              <Space.Compact block>
                <Form.Item name="dialCode" noStyle>
                  <DialCodeSelect codes={dialCodes} />
                </Form.Item>
                <Form.Item
                  name="account"
                  noStyle
                  dependencies={['dialCode']}
                  validateFirst
                  rules={accountRules(t, { mode, dialCode: () => form.getFieldValue('dialCode') })}
                >
                  <Input
                    placeholder={t('placeholder.phone')}
                    inputMode="numeric"
                    maxLength={11}
                    autoComplete="tel-national"
                  />
                </Form.Item>
              </Space.Compact>
            ) : (
              <Form.Item name="account" noStyle validateFirst rules={accountRules(t, { mode })}>
                <Input placeholder={t('placeholder.email')} autoComplete="email" maxLength={254} />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col {...half}>
          <CodeField codeType={CodeType.register} account={account} label={t('field.verifyCode')} />
        </Col>
        <Col {...half}>
          <NewPasswordField label={t('field.password')} />
        </Col>
        <Col {...half}>
          <ConfirmPasswordField />
        </Col>
      </Row>

      <RegisterCompanyFields byEmail={mode === 'email'} />

      <div className={styles.registerFooter}>
        {chinese ? (
          <Form.Item name="agreement" valuePropName="checked" noStyle>
            <Checkbox>
              {t('agreement.prefix')}
              <Button
                color="primary"
                variant="link"
                size="small"
                className={styles.inlineLink}
                onClick={(e) => {
                  e.preventDefault();
                  setShowAgreement(true);
                }}
              >
                {t('agreement.link')}
              </Button>
            </Checkbox>
          </Form.Item>
        ) : null}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          loading={submitting}
          disabled={chinese && !agreed}
          className={styles.registerSubmit}
        >
          {t('register.submit')}
        </Button>
      </div>
      <AgreementDialog
        open={showAgreement}
        onClose={() => setShowAgreement(false)}
        onAgree={() => {
          form.setFieldValue('agreement', true);
          setShowAgreement(false);
        }}
      />
    </Form>
  );
}
