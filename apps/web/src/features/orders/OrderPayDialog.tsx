/**
 * Paying an order (issue 20): POST pay starts the payment with the configured provider and answers
 * its QR code (WeChat Pay Native: the code to scan; the sandbox: its page on this console, linked
 * too). The order is paid only when the provider confirms: the dialog polls the payment's state
 * every 2 s (the shared QrPanel and polling of leasing's recharge) until paid (then `onPaid`),
 * cancelled, or the code expired (a new one is one click).
 */
import {
  formatMoney,
  ORDER_STATUS,
  type OrderPayment,
  type OrderPaymentState,
  type OrderRow,
} from '@agrifleet/domain';
import { App, Button, Modal, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { QrPanel } from '../payments/QrPanel.tsx';
import { usePaymentPolling } from '../payments/usePaymentPolling.ts';
import { ordersApi } from './api.ts';
import { moneyLocale } from './config.ts';

type Step =
  | { kind: 'starting' }
  | { kind: 'qr'; payment: OrderPayment }
  | { kind: 'paid' }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'failed' };

export function OrderPayDialog({
  order,
  t,
  lng,
  onClose,
  onPaid,
}: {
  order: OrderRow;
  t: Translate;
  lng: string;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>({ kind: 'starting' });

  const paid = useCallback(() => {
    setStep({ kind: 'paid' });
    void message.success(t('orders:done.paid', { orderSn: order.orderSn }));
    onPaid();
  }, [message, t, order.orderSn, onPaid]);

  const start = useCallback(() => {
    setStep({ kind: 'starting' });
    ordersApi.pay(order.orderSn).then(
      (r) =>
        r.status === ORDER_STATUS.paid || !r.payment ? paid() : setStep({ kind: 'qr', payment: r.payment }),
      (err: Error) => {
        if (err.message) void message.error(err.message);
        setStep({ kind: 'failed' });
      },
    );
  }, [order.orderSn, message, paid]);
  useEffect(start, [start]);

  const expiresAt = step.kind === 'qr' ? step.payment.expiresAt : 0;
  usePaymentPolling(
    step.kind === 'qr' ? order.orderSn : null,
    ordersApi.payment,
    (s: OrderPaymentState) => s.status !== ORDER_STATUS.unpaid || Date.now() > expiresAt,
    (s) => {
      if (s.status === ORDER_STATUS.paid) paid();
      else setStep({ kind: s.status === ORDER_STATUS.cancelled ? 'cancelled' : 'expired' });
    },
  );

  const amount = formatMoney(order.amount, order.currency, moneyLocale(lng));
  return (
    <Modal
      open
      title={t('orders:pay.title', { orderSn: order.orderSn })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        step.kind === 'expired' ? (
          <Button key="again" type="primary" onClick={start} data-testid="order-pay-again">
            {t('orders:pay.again')}
          </Button>
        ) : null,
        <Button key="close" type={step.kind === 'paid' ? 'primary' : 'default'} onClick={onClose}>
          {t('common:close')}
        </Button>,
      ]}
    >
      {step.kind === 'starting' ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : step.kind === 'qr' ? (
        <QrPanel
          src={step.payment.qr}
          amount={amount}
          outTradeNo={step.payment.outTradeNo}
          sandboxUrl={step.payment.sandboxUrl}
          texts={{
            alt: t('orders:pay.qrAlt'),
            scan: t('orders:pay.scan'),
            waiting: t('orders:pay.waiting'),
            openSandbox: t('orders:pay.openSandbox'),
          }}
          testId="order-pay-qr"
          linkTestId="order-pay-sandbox-link"
        />
      ) : step.kind === 'paid' ? (
        <Result
          status="success"
          title={t('orders:pay.paid')}
          subTitle={amount}
          data-testid="order-pay-paid"
        />
      ) : step.kind === 'cancelled' ? (
        <Result status="warning" title={t('orders:pay.cancelled')} />
      ) : step.kind === 'expired' ? (
        <Result status="warning" title={t('orders:pay.expired')} />
      ) : (
        <Result status="error" title={t('orders:pay.failed')} />
      )}
    </Modal>
  );
}
