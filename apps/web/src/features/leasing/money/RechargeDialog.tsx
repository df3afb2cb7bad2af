/**
 * A QR recharge: the amount (major units of the client's currency) -> getWxQrCode (the PNG, read
 * as a blob) -> the code, the amount and 'waiting for payment' (the shared QrPanel), polling
 * getRechargeState every 2 s until paid (success, then `onPaid`) or closed.
 */
import { currencyDigits, MAX_RECHARGE_MAJOR, RECHARGE_STATUS, toMinor } from '@agrifleet/domain';
import { App, Button, Form, InputNumber, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrPanel } from '../../payments/QrPanel.tsx';
import { usePaymentPolling } from '../../payments/usePaymentPolling.ts';
import { moneyApi, type Who } from './api.ts';
import { money } from './config.ts';

interface Props {
  open: boolean;
  who: Who;
  currency: string;
  onClose: () => void;
  onPaid: () => void;
}

type Step =
  | { kind: 'amount' }
  | {
      kind: 'qr';
      url: string;
      outTradeNo: string;
      amountMinor: number;
      status: number;
      sandboxUrl: string | null;
    };

export function RechargeDialog({ open, who, currency, onClose, onPaid }: Props) {
  const { t, i18n } = useTranslation(['leasingMoney', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number }>();
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [busy, setBusy] = useState(false);
  const digits = currencyDigits(currency);

  // Poll the state while the code is shown and not settled.
  const polling = step.kind === 'qr' && step.status === RECHARGE_STATUS.pending ? step.outTradeNo : null;
  usePaymentPolling(
    polling,
    moneyApi.state,
    (s) => s.status !== RECHARGE_STATUS.pending,
    (s) => {
      setStep((cur) =>
        cur.kind === 'qr' && cur.outTradeNo === polling ? { ...cur, status: s.status } : cur,
      );
      if (s.status === RECHARGE_STATUS.paid) {
        void message.success(t('qr.paid'));
        onPaid();
      }
    },
  );

  // The image's object URL is released when the code goes away.
  const shownUrl = step.kind === 'qr' ? step.url : null;
  useEffect(() => () => void (shownUrl && URL.revokeObjectURL(shownUrl)), [shownUrl]);

  const close = () => {
    setStep({ kind: 'amount' });
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const { amount } = await form.validateFields();
    setBusy(true);
    try {
      const r = await moneyApi.qrCode({ amount, ...who });
      setStep({
        kind: 'qr',
        url: URL.createObjectURL(r.image),
        outTradeNo: r.outTradeNo,
        amountMinor: toMinor(amount, currency),
        status: RECHARGE_STATUS.pending,
        sandboxUrl: r.sandboxUrl,
      });
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('qr.title')}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        step.kind === 'amount'
          ? [
              <Button key="cancel" onClick={close}>
                {t('common:cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={busy} onClick={submit} data-testid="recharge-submit">
                {t('qr.showCode')}
              </Button>,
            ]
          : [
              <Button
                key="close"
                type={step.status === RECHARGE_STATUS.pending ? 'default' : 'primary'}
                onClick={close}
              >
                {t('common:close')}
              </Button>,
            ]
      }
    >
      {step.kind === 'amount' ? (
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="amount"
            label={t('qr.amount', { currency })}
            rules={[
              { required: true, message: t('qr.amountRequired') },
              {
                validator: (_, v: number | null) =>
                  v == null || (v > 0 && v <= MAX_RECHARGE_MAJOR)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('qr.amountRange', { max: MAX_RECHARGE_MAJOR }))),
              },
            ]}
          >
            <InputNumber<number>
              autoFocus
              style={{ width: '100%' }}
              min={0}
              max={MAX_RECHARGE_MAJOR}
              precision={digits}
              step={digits ? 0.01 : 1}
              data-testid="recharge-amount"
            />
          </Form.Item>
        </Form>
      ) : step.status === RECHARGE_STATUS.paid ? (
        <Result
          status="success"
          title={t('qr.paid')}
          subTitle={money(step.amountMinor, currency, i18n.language)}
        />
      ) : step.status === RECHARGE_STATUS.closed ? (
        <Result status="warning" title={t('qr.closed')} />
      ) : (
        <QrPanel
          src={step.url}
          amount={money(step.amountMinor, currency, i18n.language)}
          outTradeNo={step.outTradeNo}
          sandboxUrl={step.sandboxUrl}
          texts={{
            alt: t('qr.qrAlt'),
            scan: t('qr.scan'),
            waiting: t('qr.waiting'),
            openSandbox: t('qr.openSandbox'),
          }}
          testId="recharge-qr"
          linkTestId="recharge-sandbox-link"
        />
      )}
    </Modal>
  );
}
