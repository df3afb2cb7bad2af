/** The invoice info dialog, shared by both screens: loads the account's info, then opens the form. */
import type { InvoiceInfo } from '@agrifleet/domain';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import type { Translate } from '../../list/columns.ts';
import { FormModal } from '../../list/FormModal.tsx';
import { ordersApi } from './api.ts';
import { invoiceInfoForm } from './config.ts';

export function useInvoiceInfo(t: Translate) {
  const { message } = App.useApp();
  const [info, setInfo] = useState<InvoiceInfo | null | undefined>(undefined);
  const form = useMemo(() => invoiceInfoForm(ordersApi.saveInvoiceInfo), []);
  const open = () => {
    ordersApi
      .invoiceInfo()
      .then((v) => setInfo(v ?? null))
      .catch((err: Error) => {
        if (err.message) void message.error(err.message);
      });
  };
  const modal =
    info === undefined ? null : (
      <FormModal
        form={form}
        mode="edit"
        // A first save has no record yet: the form starts empty (ordinary invoice).
        row={info ?? ({} as InvoiceInfo)}
        onClose={() => setInfo(undefined)}
        onSaved={() => undefined}
        t={t}
      />
    );
  return { open, modal };
}
