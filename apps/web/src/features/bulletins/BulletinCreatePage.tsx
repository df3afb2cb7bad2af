/**
 * BulletinCreate (/bulletin_manage/bulletin-create, 001 §2): an ordinary bulletin's title, content
 * and target account types (001 §4: 1 manufacturers, 2 owners), checked with the contract's rules
 * before sending; a success toast, then the bulletin list.
 */
import {
  BULLETIN_CONTENT_MAX,
  BULLETIN_TITLE_MAX,
  bulletinContentSchema,
  bulletinTitleSchema,
  SCREENS,
} from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bulletinsApi } from './api.ts';

interface Values {
  title: string;
  content: string;
  targetAccountTypes: Array<1 | 2>;
}

const rule = (schema: { safeParse: (v: unknown) => { success: boolean } }, message: string) => ({
  validator: (_: unknown, v: unknown) =>
    v === undefined || v === '' || schema.safeParse(v).success
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

export default function BulletinCreatePage() {
  const { t } = useTranslation(['bulletins', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await bulletinsApi.create(values);
      void message.success(t('bulletins:create.done'));
      await queryClient.invalidateQueries({ queryKey: ['list', 'bulletins'] });
      navigate(SCREENS.BulletinList);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ padding: 24 }}>
      <Card title={t('common:screen.BulletinCreate')} style={{ maxWidth: 760 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ targetAccountTypes: [1, 2] }}
          onFinish={submit}
          data-testid="bulletin-create-form"
        >
          <Form.Item
            name="title"
            label={t('bulletins:field.title')}
            rules={[
              { required: true, whitespace: true, message: t('bulletins:invalid.required') },
              rule(bulletinTitleSchema, t('bulletins:invalid.title', { max: BULLETIN_TITLE_MAX })),
            ]}
          >
            <Input maxLength={BULLETIN_TITLE_MAX} showCount data-testid="bulletin-title-input" />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('bulletins:field.content')}
            rules={[
              { required: true, whitespace: true, message: t('bulletins:invalid.required') },
              rule(bulletinContentSchema, t('bulletins:invalid.content', { max: BULLETIN_CONTENT_MAX })),
            ]}
          >
            <Input.TextArea
              rows={8}
              maxLength={BULLETIN_CONTENT_MAX}
              showCount
              data-testid="bulletin-content-input"
            />
          </Form.Item>
          <Form.Item
            name="targetAccountTypes"
            label={t('bulletins:field.targetAccountTypes')}
            rules={[{ required: true, type: 'array', min: 1, message: t('bulletins:invalid.target') }]}
          >
            <Checkbox.Group
              options={[
                { value: 1, label: t('bulletins:target.1') },
                { value: 2, label: t('bulletins:target.2') },
              ]}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="bulletin-send">
              {t('bulletins:create.send')}
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={() => navigate(SCREENS.BulletinList)}>
              {t('bulletins:create.cancel')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
