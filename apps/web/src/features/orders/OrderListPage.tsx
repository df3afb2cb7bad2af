/**
 * OrderList (/institution_manage/order-list, 001 §2): the yearly service-fee orders of the
 * caller's drones (platform: every account's) with the orderSn, droneId, year and status filters;
 * create an order (drone and year), pay it (OrderPayDialog: the provider's QR code, paid when the
 * provider confirms), cancel it, see its detail, and apply for an invoice for the selected paid orders. The
 * invoice info is edited in a dialog. Built on the shared list pattern (src/list, config.ts).
 */
import { formatMoney, type OrderRow } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { ordersApi } from './api.ts';
import { createOrderForm, droneOptions, moneyLocale, orderListConfig } from './config.ts';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderPayDialog } from './OrderPayDialog.tsx';
import { useInvoiceInfo } from './useInvoiceInfo.tsx';

/** Unpaid orange, paid green, cancelled grey. */
const ORDER_STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'default' };

export default function OrderListPage() {
  const { t: tr, i18n } = useTranslation(['orders', 'list', 'common']);
  const t = tr as unknown as Translate;
  const lng = i18n.language;
  const { message, modal } = App.useApp();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'orders'] }),
    [queryClient],
  );
  const [creating, setCreating] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const [paying, setPaying] = useState<OrderRow | null>(null);
  const invoiceInfo = useInvoiceInfo(t);

  const config = useMemo(() => {
    const fail = (err: Error) => {
      if (err.message) void message.error(err.message);
    };
    const confirm = (title: string, danger = false) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          okText: t('orders:confirm.ok'),
          cancelText: t('list:cancel'),
          okButtonProps: { danger },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    return orderListConfig(
      { t, lng, accountId: user?.accountId ?? -1, platform: user?.accountType === 1 },
      {
        statusCell: (r) => (
          <Tag color={ORDER_STATUS_COLOR[r.status]} data-testid={`order-status-${r.orderId}`}>
            {t(`orders:status.${r.status}`)}
          </Tag>
        ),
        openDetail: (r) => setDetail(r.orderSn),
        openCreate: () => setCreating(true),
        openInvoiceInfo: invoiceInfo.open,
        pay: (r) => setPaying(r),
        cancel: (r) =>
          void confirm(t('orders:confirm.cancel', { orderSn: r.orderSn }), true).then((yes) => {
            if (!yes) return;
            ordersApi
              .cancel(r.orderSn)
              .then(() => {
                void message.success(t('orders:done.cancelled', { orderSn: r.orderSn }));
                refresh();
              })
              .catch(fail);
          }),
        apply: async (rows) => {
          if (!rows.length) {
            void message.warning(t('orders:apply.none'));
            return false;
          }
          const total = rows.reduce((s, r) => s + r.amount, 0);
          const currency = rows[0]?.currency ?? '';
          const yes = await confirm(
            t('orders:confirm.apply', {
              n: rows.length,
              amount: formatMoney(total, currency, moneyLocale(lng)),
            }),
          );
          if (!yes) return false;
          try {
            const invoice = await ordersApi.apply(rows.map((r) => r.orderId));
            void message.success(t('orders:done.applied', { ticketId: invoice.ticketId }));
            refresh();
            return true;
          } catch (err) {
            fail(err as Error);
            return false;
          }
        },
      },
    );
  }, [t, lng, user?.accountId, user?.accountType, message, modal, refresh, invoiceInfo.open]);
  const form = useMemo(() => createOrderForm(ordersApi.create, droneOptions(ordersApi.drones)), []);

  return (
    <>
      <ListPage config={config} title={t('common:screen.OrderList')} />
      {creating ? (
        <FormModal
          form={form}
          mode="create"
          row={null}
          onClose={() => setCreating(false)}
          onSaved={refresh}
          t={t}
        />
      ) : null}
      {detail ? <OrderDetail orderSn={detail} t={t} lng={lng} onClose={() => setDetail(null)} /> : null}
      {paying ? (
        <OrderPayDialog
          order={paying}
          t={t}
          lng={lng}
          onClose={() => {
            setPaying(null);
            refresh();
          }}
          onPaid={refresh}
        />
      ) : null}
      {invoiceInfo.modal}
    </>
  );
}
