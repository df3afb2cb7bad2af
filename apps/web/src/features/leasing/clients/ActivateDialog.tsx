/**
 * Activating a client (002 §4): send a code to the client's admin phone (getVerifyCode, then a 60 s
 * countdown), type it, and activeCustomer; the list reloads after.
 */
import { type CustomerRecord, LIMITS } from '@agrifleet/domain';
import { App, Button, Descriptions, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { Translate } from '../../../list/columns.ts';
import { clientsApi } from './api.ts';

export function ActivateDialog({
  row,
  t,
  onClose,
  onSaved,
}: {
  row: CustomerRecord;
  t: Translate;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const fail = (err: unknown) => {
    if ((err as Error).message) void message.error((err as Error).message);
  };

  const send = async () => {
    if (!row.phone) return;
    setSending(true);
    setSeconds(LIMITS.codeCountdownSeconds);
    try {
      await clientsApi.sendCode(row.phone);
      void message.success(t('leasingClients:activate.sent'));
    } catch (err) {
      setSeconds(0);
      fail(err);
    } finally {
      setSending(false);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      await clientsApi.activate(row.accountId, code.trim());
      void message.success(t('common:updated'));
      onSaved();
      onClose();
    } catch (err) {
      fail(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('leasingClients:activate.title')}
      onCancel={onClose}
      onOk={save}
      okText={t('leasingClients:action.activate')}
      cancelText={t('list:cancel')}
      okButtonProps={{ disabled: !/^\d{4}$/.test(code.trim()), loading: saving }}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('leasingClients:col.accountName')}>{row.accountName}</Descriptions.Item>
        <Descriptions.Item label={t('leasingClients:col.phone')}>{row.phone ?? '-'}</Descriptions.Item>
      </Descriptions>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder={t('leasingClients:activate.code')}
          value={code}
          maxLength={4}
          onChange={(e) => setCode(e.target.value)}
          data-testid="client-activate-code"
        />
        <Button
          onClick={send}
          disabled={seconds > 0 || !row.phone}
          loading={sending}
          data-testid="client-activate-send"
        >
          {seconds > 0
            ? t('leasingClients:activate.resendIn', { n: seconds })
            : t('leasingClients:activate.send')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
