/**
 * The balance of the client a bill list is about (getAmount): balance, credit limit, the drones a
 * low balance locked, and the recent locks and unlocks. The recharge and correction buttons sit in it.
 */
import type { AmountAnswer } from '@agrifleet/domain';
import { Alert, Card, Empty, Space, Statistic, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, time } from './config.ts';
import styles from './money.module.css';

interface Props {
  amount: AmountAnswer | undefined;
  loading: boolean;
  /** Nothing to show yet: the lessor has not picked a client. */
  pickFirst: boolean;
  /** Whose balance it is (the client's or the lessor's name), when known. */
  party?: string;
  actions: ReactNode;
}

export function BalanceCard({ amount, loading, pickFirst, party, actions }: Props) {
  const { t, i18n } = useTranslation(['leasingMoney', 'leasing']);
  const lng = i18n.language;
  if (pickFirst)
    return (
      <Card size="small" className={styles.card} data-testid="balance-card">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('balance.pickClient')} />
      </Card>
    );
  const negative = (amount?.balance ?? 0) < 0;
  return (
    <Card
      size="small"
      className={styles.card}
      loading={loading && !amount}
      title={party ? t('balance.titleOf', { name: party }) : t('balance.title')}
      extra={actions}
      data-testid="balance-card"
    >
      {amount ? (
        <Space orientation="vertical" size="middle" className={styles.full}>
          <Space size={48} wrap>
            <Statistic
              title={t('balance.balance')}
              value={money(amount.balance, amount.currency, lng)}
              styles={{ content: negative ? { color: '#cf1322' } : undefined }}
            />
            <Statistic
              title={t('balance.creditLimit')}
              value={money(amount.creditLimit, amount.currency, lng)}
            />
            <Statistic
              title={t('balance.currency')}
              value={t(`leasing:currency.${amount.currency}`, amount.currency)}
            />
          </Space>
          {amount.locked ? (
            <Alert
              type="warning"
              showIcon
              title={t('balance.locked', { count: amount.lockedDrones.length })}
              description={amount.lockedDrones.join(', ')}
              data-testid="balance-locked"
            />
          ) : null}
          {amount.events.length ? (
            <Table
              size="small"
              pagination={false}
              rowKey={(e) => `${e.at}-${e.locked}`}
              dataSource={amount.events.slice(0, 5)}
              title={() => t('balance.events')}
              columns={[
                { key: 'at', title: t('event.at'), render: (_, e) => time(e.at) },
                {
                  key: 'locked',
                  title: t('event.what'),
                  render: (_, e) =>
                    e.locked ? (
                      <Tag color="red">{t('event.lock')}</Tag>
                    ) : (
                      <Tag color="green">{t('event.unlock')}</Tag>
                    ),
                },
                { key: 'drones', title: t('event.drones'), render: (_, e) => e.droneIds.join(', ') },
                {
                  key: 'balance',
                  title: t('event.balance'),
                  render: (_, e) => money(e.balance, amount.currency, lng),
                },
                { key: 'cause', title: t('event.cause'), render: (_, e) => t(`cause.${e.cause}`, e.cause) },
              ]}
            />
          ) : null}
        </Space>
      ) : null}
    </Card>
  );
}
