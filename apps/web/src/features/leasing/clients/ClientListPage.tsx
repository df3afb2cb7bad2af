/**
 * ClientList (/leasing_business/client-list, 002 §4): the lessor's clients with the leasing figures,
 * the accountName filter, add a client (phone lookup, prices, currency, credit limit), change its
 * prices, activate it with an SMS code, give it a sign, open its data view. Built on the shared list
 * pattern (src/list, config.ts).
 */
import type { CustomerPage, CustomerRecord } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAreaUnit } from '../../../lib/settings.ts';
import type { Translate } from '../../../list/columns.ts';
import { FormModal } from '../../../list/FormModal.tsx';
import { ListFigures } from '../../../list/ListFigures.tsx';
import { ListPage } from '../../../list/ListPage.tsx';
import { ActivateDialog } from './ActivateDialog.tsx';
import { AddClientDialog } from './AddClientDialog.tsx';
import { clientsApi } from './api.ts';
import { clientListConfig, clientPriceForm, clientSignForm, leaseFigures } from './config.ts';

type Open = { kind: 'add' } | { kind: 'prices' | 'activate' | 'sign'; row: CustomerRecord } | null;

export default function ClientListPage() {
  const { t: tr, i18n } = useTranslation(['leasingClients', 'leasing', 'list', 'common']);
  const t = tr as unknown as Translate;
  const lng = i18n.language;
  const navigate = useNavigate();
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'leaseClients'] }),
    [queryClient],
  );
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  const config = useMemo(
    () =>
      clientListConfig(
        { t, lng, unit, unitLabel },
        {
          openAdd: () => setOpen({ kind: 'add' }),
          editPrices: (row) => setOpen({ kind: 'prices', row }),
          activate: (row) => setOpen({ kind: 'activate', row }),
          editSign: (row) => setOpen({ kind: 'sign', row }),
          navigate: (path) => navigate(path),
        },
      ),
    [t, lng, unit, unitLabel, navigate],
  );
  const priceForm = useMemo(() => clientPriceForm(clientsApi.update), []);
  const signForm = useMemo(() => clientSignForm(clientsApi.setSign), []);

  return (
    <>
      <ListPage<CustomerRecord, CustomerPage>
        config={config}
        title={t('common:screen.ClientList')}
        extra={(page) =>
          page ? (
            <ListFigures
              testId="client-list-stat"
              items={leaseFigures(page.stat, { t, unit, unitLabel, locale: lng })}
            />
          ) : null
        }
      />
      {open?.kind === 'add' ? <AddClientDialog t={t} onClose={close} onSaved={refresh} /> : null}
      {open?.kind === 'activate' ? (
        <ActivateDialog row={open.row} t={t} onClose={close} onSaved={refresh} />
      ) : null}
      {open?.kind === 'prices' || open?.kind === 'sign' ? (
        <FormModal
          form={open.kind === 'prices' ? priceForm : signForm}
          mode="edit"
          row={open.row}
          onClose={close}
          onSaved={refresh}
          t={t}
        />
      ) : null}
    </>
  );
}
