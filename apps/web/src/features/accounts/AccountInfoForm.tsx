/** The "update account info" form of AccountDetail (POST /api/user/account/info, accountInfoBody). */
import { type AccountInfoBody, type AccountRecord, accountInfoBody } from '@agrifleet/domain';
import { App, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsApi } from './api.ts';

const FIELDS = [
  ['accountName', true],
  ['contactName', true],
  ['contactPhone', false],
  ['email', false],
  ['creditCode', false],
  ['legal', false],
  ['province', false],
  ['city', false],
  ['county', false],
  ['contactAddress', false],
] as const;

export function AccountInfoForm({
  record,
  verified,
  onDone,
}: {
  record: AccountRecord;
  verified: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const submit = async (values: Record<string, string | undefined>) => {
    const body: Record<string, string | null> = {};
    for (const [k] of FIELDS) body[k] = values[k]?.trim() || null;
    const parsed = accountInfoBody.safeParse(body);
    if (!parsed.success) {
      void message.error(t('info.invalid'));
      return;
    }
    setBusy(true);
    try {
      await accountsApi.submitInfo(parsed.data as AccountInfoBody);
      void message.success(t(verified ? 'info.submitted' : 'info.corrected'));
      onDone();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={record}
      onFinish={(v) => void submit(v)}
      data-testid="account-info-form"
    >
      <Row gutter={16}>
        {FIELDS.map(([name, required]) => (
          <Col key={name} xs={24} md={12}>
            <Form.Item
              name={name}
              label={t(`field.${name}`)}
              rules={required ? [{ required: true, whitespace: true, message: t('info.required') }] : []}
            >
              <Input maxLength={name === 'email' ? 254 : 100} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(verified ? 'info.submit' : 'info.submitUnreviewed')}
      </Button>
    </Form>
  );
}
