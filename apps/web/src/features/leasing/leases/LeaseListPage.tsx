/**
 * LeaseList (/leasing_business/lease-list, 002 §5): the lessor's leases with the leasing figures,
 * filters (client name, client, status, drone); lease drones to a client, return (a time, default
 * now), cancel (confirm), change a lease's prices, see its history. Built on the shared list pattern
 * (src/list, config.ts).
 */
import type { LeaseRecord, RentalPage } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRentalModels } from '../../../app/guard/sessionQueries.ts';
import { useAreaUnit } from '../../../lib/settings.ts';
import type { Translate } from '../../../list/columns.ts';
import { FormModal } from '../../../list/FormModal.tsx';
import { ListFigures } from '../../../list/ListFigures.tsx';
import { ListPage } from '../../../list/ListPage.tsx';
import { clientsApi } from '../clients/api.ts';
import { leaseFigures } from '../clients/config.ts';
import { leasesApi } from './api.ts';
import { leaseListConfig, leasePriceForm, verifiedClientOptions } from './config.ts';
import { HistoryDialog, ReturnDialog } from './LeaseDialogs.tsx';
import { LeaseDronesDialog } from './LeaseDronesDialog.tsx';

type Open = { kind: 'add' } | { kind: 'return' | 'prices' | 'history'; row: LeaseRecord } | null;

export default function LeaseListPage() {
  const { t: tr, i18n } = useTranslation(['leasingClients', 'leasing', 'list', 'common']);
  const t = tr as unknown as Translate;
  const lng = i18n.language;
  const { message, modal } = App.useApp();
  const models = useRentalModels();
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['list', 'leases'] });
    void queryClient.invalidateQueries({ queryKey: ['leasing', 'rentalDrones'] });
  }, [queryClient]);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const clients = useMemo(() => verifiedClientOptions(clientsApi.verified), []);

  const config = useMemo(
    () =>
      leaseListConfig(
        { t, lng, clients, unit, unitLabel },
        {
          openAdd: () => setOpen({ kind: 'add' }),
          returnDrone: (row) => setOpen({ kind: 'return', row }),
          editPrices: (row) => setOpen({ kind: 'prices', row }),
          history: (row) => setOpen({ kind: 'history', row }),
          cancel: (row) =>
            modal.confirm({
              title: t('leasingClients:lease.cancelConfirm', { droneId: row.droneId }),
              okText: t('leasingClients:lease.action.cancel'),
              cancelText: t('list:cancel'),
              okButtonProps: { danger: true },
              onOk: () =>
                leasesApi
                  .cancel(row.id)
                  .then(() => {
                    void message.success(t('common:updated'));
                    refresh();
                  })
                  .catch((err: Error) => {
                    if (err.message) void message.error(err.message);
                  }),
            }),
        },
      ),
    [t, lng, clients, unit, unitLabel, modal, message, refresh],
  );
  const priceForm = useMemo(() => leasePriceForm(models, leasesApi.update), [models]);

  return (
    <>
      <ListPage<LeaseRecord, RentalPage>
        config={config}
        title={t('common:screen.LeaseList')}
        extra={(page) =>
          page ? (
            <ListFigures
              testId="lease-list-stat"
              items={leaseFigures(page.stat, { t, unit, unitLabel, locale: lng })}
            />
          ) : null
        }
      />
      {open?.kind === 'add' ? (
        <LeaseDronesDialog t={t} models={models} onClose={close} onSaved={refresh} />
      ) : null}
      {open?.kind === 'return' ? (
        <ReturnDialog row={open.row} t={t} onClose={close} onSaved={refresh} />
      ) : null}
      {open?.kind === 'history' ? <HistoryDialog row={open.row} t={t} lng={lng} onClose={close} /> : null}
      {open?.kind === 'prices' ? (
        <FormModal form={priceForm} mode="edit" row={open.row} onClose={close} onSaved={refresh} t={t} />
      ) : null}
    </>
  );
}
