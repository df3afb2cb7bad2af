/**
 * The sandbox payment page a recharge's or a service-fee order's QR code opens (issue 13 "Money",
 * issue 20; public: the payer need not be signed in; features/payments/sandboxApi.ts picks the calls
 * by the trade number): who is paid, who pays, the amount and the state, and 'Confirm payment', which the
 * server takes as a payment notification of provider 'sandbox'. The signature in the address
 * (`?sig=`) is what lets it through. Language: the switcher, else the stored or default one.
 */
import { RECHARGE_STATUS, type SandboxInfo } from '@agrifleet/domain';
import { App, Button, Card, Descriptions, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../auth/LanguageSwitch.tsx';
import { sandboxApi } from '../payments/sandboxApi.ts';
import { money } from './money/config.ts';

const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default' };

export default function SandboxPayPage() {
  const { t, i18n } = useTranslation(['leasingMoney', 'leasing', 'common']);
  const { message } = App.useApp();
  const { outTradeNo = '' } = useParams();
  const [search] = useSearchParams();
  const sig = search.get('sig') ?? '';
  const [info, setInfo] = useState<SandboxInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let live = true;
    sandboxApi.info(outTradeNo, sig).then(
      (r) => live && setInfo(r),
      (err: Error) => live && setError(err.message || t('sandbox.invalid')),
    );
    return () => {
      live = false;
    };
  }, [outTradeNo, sig, t]);

  const pay = async () => {
    setPaying(true);
    try {
      const r = await sandboxApi.pay(outTradeNo, sig);
      setInfo(r);
      void message.success(t(r.outcome === 'duplicate' ? 'sandbox.already' : 'sandbox.done'));
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setPaying(false);
    }
  };

  const lng = i18n.language;
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: '24px 16px' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', maxWidth: 480, margin: '0 auto 16px' }}>
        <LanguageSwitch />
      </div>
      <Card
        title={t('sandbox.title')}
        style={{ maxWidth: 480, margin: '0 auto' }}
        extra={<Tag color="orange">{t('sandbox.badge')}</Tag>}
        data-testid="sandbox-pay"
      >
        {error ? (
          <Result status="error" title={t('sandbox.invalid')} subTitle={error} />
        ) : !info ? (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
          </div>
        ) : info.status === RECHARGE_STATUS.paid ? (
          <Result
            status="success"
            title={t('sandbox.paidTitle')}
            subTitle={`${money(info.amount, info.currency, lng)} · ${info.payee}`}
            data-testid="sandbox-paid"
          />
        ) : (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('sandbox.payee')}>{info.payee}</Descriptions.Item>
              <Descriptions.Item label={t('sandbox.payer')}>{info.payer}</Descriptions.Item>
              <Descriptions.Item label={t('sandbox.amount')}>
                <strong style={{ fontSize: 20 }}>{money(info.amount, info.currency, lng)}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('sandbox.outTradeNo')}>{info.outTradeNo}</Descriptions.Item>
              <Descriptions.Item label={t('sandbox.status')}>
                <Tag color={STATUS_COLOR[info.status]}>{t(`leasing:rechargeStatus.${info.status}`)}</Tag>
              </Descriptions.Item>
            </Descriptions>
            <p style={{ color: '#888', margin: '16px 0' }}>{t('sandbox.note')}</p>
            <Button
              type="primary"
              size="large"
              block
              loading={paying}
              disabled={info.status !== RECHARGE_STATUS.pending}
              onClick={pay}
              data-testid="sandbox-confirm"
            >
              {t('sandbox.confirm')}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
