/**
 * DroneList (/business_manage/drone-list, 001 §2, §7 "Drones"): drones of the caller's scope with
 * every §3 filter, sort, the statistics of the filtered set (total, work area, manufacturers,
 * sorties, models), the Excel export of the whole set, and row actions for the writes the caller
 * may do on each drone; a row opens the drone's detail. Built on the shared list pattern (config.ts).
 */
import {
  convertArea,
  type DroneRow,
  formatDate,
  hasAbility,
  type DroneListPage as Page,
} from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import type { Translate } from '../../list/columns.ts';
import { ListFigures } from '../../list/ListFigures.tsx';
import { ListPage } from '../../list/ListPage.tsx';
import { dronesApi } from './api.ts';
import { actionsFor, type DroneDialog, type DroneListCaller, droneListConfig } from './config.ts';
import { DroneDialogHost } from './DroneDialogs.tsx';

import { droneDetailPath } from './paths.ts';

/** The caller as the rights need it (account and ability). */
export function useDroneCaller(): DroneListCaller {
  const user = useSessionUser();
  const host = useHostProfile();
  return useMemo(
    () => ({
      account: { id: user?.accountId ?? 0, account_type: user?.accountType ?? 0 },
      canManage: user ? hasAbility(subjectOf(user, host), 'manageEquipment') : false,
    }),
    [user, host],
  );
}

function Stats({
  page,
  t,
  unitLabel,
  locale,
}: {
  page: Page;
  t: Translate;
  unitLabel: string;
  locale: string;
}) {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const d = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const unit = useAreaUnit();
  const s = page.stats;
  const items: Array<[string, string]> = [
    ['total', n.format(s.total)],
    ['workArea', d.format(convertArea(s.workArea, unit))],
    ['zzNum', n.format(s.zzNum)],
    ['sortieCount', n.format(s.sortieCount)],
    ['modelNum', n.format(s.modelNum)],
  ];
  return (
    <ListFigures
      testId="drone-list-stat"
      items={items.map(([key, value]) => ({
        key,
        value,
        label: t(`drones:stats.${key}`, { unit: unitLabel }),
      }))}
    />
  );
}

export default function DroneListPage() {
  const { t: tr, i18n } = useTranslation(['drones', 'list', 'common']);
  const t = tr as unknown as Translate;
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const navigate = useNavigate();
  const caller = useDroneCaller();
  const [dialog, setDialog] = useState<{ kind: DroneDialog; row: DroneRow; refresh: () => void } | null>(
    null,
  );
  const makers = useQuery({
    queryKey: ['drones', 'manufacturers'],
    queryFn: dronesApi.manufacturers,
    staleTime: 300_000,
  });
  const config = useMemo(
    () =>
      droneListConfig(
        { unit, unitLabel, locale: i18n.language, t, today: formatDate(Date.now(), 'YYYY-MM-DD') },
        caller,
        makers.data,
        {
          open: (row) => navigate(droneDetailPath(row.droneId)),
          dialog: (kind, row, refresh) => setDialog({ kind, row, refresh }),
        },
      ),
    [unit, unitLabel, i18n.language, t, caller, makers.data, navigate],
  );
  return (
    <>
      <ListPage
        config={config}
        title={t('common:screen.DroneList')}
        extra={(page) =>
          page ? <Stats page={page} t={t} unitLabel={unitLabel} locale={i18n.language} /> : null
        }
      />
      <DroneDialogHost
        dialog={
          dialog && {
            kind: dialog.kind,
            drone: dialog.row,
            actions: actionsFor(caller, dialog.row),
            onClose: () => setDialog(null),
            onDone: dialog.refresh,
          }
        }
      />
    </>
  );
}
