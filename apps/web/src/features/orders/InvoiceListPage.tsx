/**
 * InvoiceList (/institution_manage/invoice-list, 001 §2): invoices applied for (platform: every
 * account's) with the status filter; a manufacturer edits its invoice info here too; the platform
 * advances an applied invoice to issued (the bare PUT of 001 §4). Built on the list pattern.
 */
import type { InvoiceRow } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { ordersApi } from './api.ts';
import { invoiceListConfig } from './config.ts';
import { useInvoiceInfo } from './useInvoiceInfo.tsx';

export default function InvoiceListPage() {
  const { t: tr, i18n } = useTranslation(['orders', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message, modal } = App.useApp();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'invoices'] }),
    [queryClient],
  );
  const invoiceInfo = useInvoiceInfo(t);
  const advance = useCallback(
    (row: InvoiceRow) =>
      modal.confirm({
        title: t('orders:confirm.issue', { ticketId: row.ticketId, busiName: row.busiName }),
        okText: t('orders:confirm.ok'),
        cancelText: t('list:cancel'),
        onOk: () =>
          ordersApi
            .advanceInvoice(row.ticketId)
            .then(() => {
              void message.success(t('orders:done.issued', { ticketId: row.ticketId }));
              refresh();
            })
            .catch((err: Error) => {
              if (err.message) void message.error(err.message);
            }),
      }),
    [modal, message, refresh, t],
  );
  const config = useMemo(
    () =>
      invoiceListConfig(
        { t, lng: i18n.language, platform: user?.accountType === 1 },
        {
          advance,
          openInvoiceInfo: invoiceInfo.open,
          statusCell: (r) => (
            <Tag color={r.status === 2 ? 'green' : 'blue'}>{t(`orders:invoiceStatus.${r.status}`)}</Tag>
          ),
        },
      ),
    [t, i18n.language, user?.accountType, advance, invoiceInfo.open],
  );
  return (
    <>
      <ListPage config={config} title={t('common:screen.InvoiceList')} />
      {invoiceInfo.modal}
    </>
  );
}
