/** The detail of one order (GET detail/{orderSn}) in a dialog. */
import { formatDate, formatMoney, type OrderRow } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin } from 'antd';
import type { Translate } from '../../list/columns.ts';
import { ordersApi } from './api.ts';
import { moneyLocale } from './config.ts';

export function OrderDetail({
  orderSn,
  t,
  lng,
  onClose,
}: {
  orderSn: string;
  t: Translate;
  lng: string;
  onClose: () => void;
}) {
  const q = useQuery({ queryKey: ['orders', 'detail', orderSn], queryFn: () => ordersApi.detail(orderSn) });
  const o: OrderRow | undefined = q.data;
  const time = (v: number | null) => (v === null ? '-' : formatDate(v));
  return (
    <Modal open title={t('orders:detail.title')} footer={null} onCancel={onClose} width={640}>
      {o ? (
        <Descriptions column={2} size="small" bordered data-testid="order-detail">
          <Descriptions.Item label={t('orders:col.orderSn')} span={2}>
            {o.orderSn}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.orderType')}>
            {t(`orders:type.${o.orderType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.status')}>
            {t(`orders:status.${o.status}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.droneId')}>
            {o.droneId} {o.droneName ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.year')}>{o.year}</Descriptions.Item>
          <Descriptions.Item label={t('orders:col.amount')}>
            {formatMoney(o.amount, o.currency, moneyLocale(lng))}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.accountName')}>{o.accountName}</Descriptions.Item>
          <Descriptions.Item label={t('orders:col.createdAt')}>{time(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('orders:col.paidAt')}>{time(o.paidAt)}</Descriptions.Item>
          <Descriptions.Item label={t('orders:detail.payment')} span={2}>
            {o.paymentProvider ? `${o.paymentProvider} · ${o.paymentRef}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders:col.ticketId')} span={2}>
            {o.ticketId === null ? '-' : `#${o.ticketId}`}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
