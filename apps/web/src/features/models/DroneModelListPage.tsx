/**
 * DroneModelList (/business_manage/drone-model-list, 001 §2): the caller's drone models (platform:
 * all, with a manufacturer filter; manufacturer: its own) with their drone counts; create, edit and
 * delete (refused by the server while drones use a model), merge other models into one, and add a
 * range of serials as drones of a model. Built on the shared list pattern (src/list, config.ts);
 * writes are offered only to users who may manage equipment (the server refuses the others).
 */
import { formatDate, hasAbility, type ModelRow, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../app/session.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { modelsConfig } from './config.ts';
import { IdRangeDialog } from './IdRangeDialog.tsx';
import { MergeDialog } from './MergeDialog.tsx';

type Dialog = { kind: 'merge' | 'range'; row: ModelRow } | null;

export default function DroneModelListPage() {
  const { t: tr, i18n } = useTranslation(['models', 'list', 'common']);
  const t = tr as unknown as Translate;
  const user = useSessionUser();
  const canManage = user ? hasAbility({ userType: user.userType as UserType }, 'manageEquipment') : false;
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['list', 'models'] });
    void queryClient.invalidateQueries({ queryKey: ['models'] });
  }, [queryClient]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const config = useMemo(
    () =>
      modelsConfig(
        {
          t,
          today: formatDate(Date.now(), 'YYYY-MM-DD'),
          platform: user?.accountType === 1,
          canManage,
          locale: i18n.language,
        },
        {
          openMerge: (row) => setDialog({ kind: 'merge', row }),
          openRange: (row) => setDialog({ kind: 'range', row }),
        },
      ),
    [t, canManage, user?.accountType, i18n.language],
  );

  const close = () => setDialog(null);
  return (
    <>
      <ListPage config={config} title={t('common:screen.DroneModelList')} />
      {dialog?.kind === 'merge' ? (
        <MergeDialog row={dialog.row} onClose={close} onDone={refresh} t={t} />
      ) : null}
      {dialog?.kind === 'range' ? (
        <IdRangeDialog row={dialog.row} onClose={close} onDone={refresh} t={t} locale={i18n.language} />
      ) : null}
    </>
  );
}
