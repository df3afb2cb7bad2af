/**
 * The create-member dialog: the new member's phone with a "send code" button (60 s countdown,
 * 000 §9), the SMS code, name, user type (among those the caller may grant), team type and an
 * optional first password. The server checks the code when the member is created.
 */
import { LIMITS, PASSWORD_RE, TEAM_TYPES } from '@agrifleet/domain';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { membersApi } from './api.ts';

interface Values {
  phoneNum: string;
  code: string;
  userName: string;
  userType: 3 | 4 | 5 | 6;
  teamType?: 1 | 2;
  password?: string;
}

export function CreateMemberModal({
  grantable,
  onClose,
  onSaved,
  t,
}: {
  grantable: number[];
  onClose: () => void;
  onSaved: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const fail = (err: unknown) => {
    const text = (err as Error).message;
    if (text) void message.error(text);
  };

  const sendCode = async () => {
    const phoneNum = await form.validateFields(['phoneNum']).then(
      (v) => v.phoneNum,
      () => null,
    );
    if (!phoneNum) return;
    setSending(true);
    try {
      await membersApi.sendCode(phoneNum.trim());
      void message.success(t('members:create.codeSent'));
      setCountdown(LIMITS.codeCountdownSeconds);
    } catch (err) {
      fail(err);
      setCountdown(0);
    } finally {
      setSending(false);
    }
  };

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await membersApi.create({
        phoneNum: v.phoneNum.trim(),
        code: v.code.trim(),
        userName: v.userName.trim(),
        userType: v.userType,
        teamType: v.teamType ?? null,
        ...(v.password ? { password: v.password } : {}),
      });
      void message.success(t('common:created'));
      onSaved();
      onClose();
    } catch (err) {
      fail(err);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('members:create.required') };
  return (
    <Modal
      open
      title={t('members:create.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="member-create"
    >
      <Form form={form} layout="vertical" initialValues={{ userType: grantable[0] }}>
        <Form.Item
          name="phoneNum"
          label={t('members:col.phone')}
          rules={[
            required,
            { pattern: /^(\+?\d{1,4}-)?\d{9,11}$/, message: t('members:create.phoneInvalid') },
          ]}
        >
          <Input data-testid="member-phone" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('members:create.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[required, { pattern: /^\d{4,8}$/, message: t('members:create.codeInvalid') }]}
            >
              <Input data-testid="member-code" autoComplete="one-time-code" />
            </Form.Item>
            <Button
              onClick={() => void sendCode()}
              loading={sending}
              disabled={countdown > 0}
              data-testid="member-send-code"
            >
              {countdown > 0
                ? t('members:create.resend', { seconds: countdown })
                : t('members:create.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="userName" label={t('members:col.userName')} rules={[required, { max: 50 }]}>
          <Input data-testid="member-name" />
        </Form.Item>
        <Form.Item name="userType" label={t('members:col.userType')} rules={[required]}>
          <Select
            data-testid="member-type"
            options={grantable.map((v) => ({ value: v, label: t(`common:userType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="teamType" label={t('members:col.teamType')}>
          <Select
            allowClear
            options={TEAM_TYPES.map((v) => ({ value: v, label: t(`members:teamType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('members:create.password')}
          extra={t('members:create.passwordHelp')}
          rules={[{ pattern: PASSWORD_RE, message: t('members:create.passwordRule') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
