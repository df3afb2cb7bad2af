/**
 * The review dialog of an application: its content (children) and, while it is unaudited, the
 * decision: pass, or reject with a reason (required, at most APPLY_REASON_MAX characters).
 */
import { APPLY_REASON_MAX } from '@agrifleet/domain';
import { App, Button, Input, Modal, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

const statusColor: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red' };

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('approvals');
  return <Tag color={statusColor[status]}>{t(`status.${status}`)}</Tag>;
}

export function ReviewModal({
  title,
  status,
  reason,
  decide,
  onClose,
  onDecided,
  children,
}: {
  title: string;
  status: number | undefined;
  reason: string | null | undefined;
  decide: (applyStatus: 2 | 3, reason: string | null) => Promise<unknown>;
  onClose: () => void;
  onDecided: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('approvals');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState<2 | 3 | null>(null);

  const act = async (applyStatus: 2 | 3) => {
    const r = text.trim();
    if (applyStatus === 3 && !r) {
      setMissing(true);
      return;
    }
    setBusy(applyStatus);
    try {
      await decide(applyStatus, r || null);
      void message.success(t(applyStatus === 2 ? 'decision.passed' : 'decision.rejected'));
      onDecided();
      onClose();
    } catch (err) {
      const m = (err as Error).message;
      if (m) void message.error(m);
    } finally {
      setBusy(null);
    }
  };

  const open = status === 1;
  return (
    <Modal
      open
      title={title}
      width={760}
      onCancel={onClose}
      footer={
        open ? (
          <Space>
            <Button onClick={onClose}>{t('action.close')}</Button>
            <Button danger loading={busy === 3} onClick={() => void act(3)} data-testid="apply-reject">
              {t('action.reject')}
            </Button>
            <Button type="primary" loading={busy === 2} onClick={() => void act(2)} data-testid="apply-pass">
              {t('action.pass')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('action.close')}</Button>
        )
      }
    >
      {children}
      {status !== undefined ? (
        <div style={{ marginTop: 16 }}>
          <Space>
            <span>{t('col.applyStatus')}:</span>
            <StatusTag status={status} />
          </Space>
          {open ? (
            <div style={{ marginTop: 12, marginBottom: 20 }}>
              <Input.TextArea
                data-testid="apply-reason"
                value={text}
                maxLength={APPLY_REASON_MAX}
                showCount
                rows={3}
                status={missing ? 'error' : undefined}
                placeholder={t('decision.reasonPlaceholder')}
                onChange={(e) => {
                  setText(e.target.value);
                  setMissing(false);
                }}
              />
              {missing ? (
                <div style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>{t('decision.reasonRequired')}</div>
              ) : null}
            </div>
          ) : reason ? (
            <div style={{ marginTop: 8 }} data-testid="apply-reason-shown">
              {t('col.reason')}: {reason}
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
