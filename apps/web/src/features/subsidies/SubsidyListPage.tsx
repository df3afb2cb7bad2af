/**
 * SubsidyList (/business_manage/subsidy-list, 001 §2): the operation subsidies of a year and region
 * (this year unless the address bar says another), with summary cards and per-region statistics
 * above the list (shared list pattern, config.ts); compute and rate-table dialogs and the delete of
 * an unsealed subsidy for callers who may write (platform and governments managing tasks); a row opens
 * the subsidy's detail with its evidence (SubsidyDrawer).
 */
import { formatDate, hasAbility, type SubsidyRow, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { subsidyApi } from './api.ts';
import { ComputeDialog } from './ComputeDialog.tsx';
import { subsidyConfig } from './config.ts';
import { useCropOptions } from './crops.ts';
import { isSealed, type Look, statusKey } from './model.ts';
import { Overview } from './Overview.tsx';
import { RatesDialog } from './RatesDialog.tsx';
import { SubsidyDrawer } from './SubsidyDrawer.tsx';

/** Write actions: the platform and governments that manage tasks; manufacturers read only. */
export function useCanWrite(): boolean {
  const user = useSessionUser();
  if (!user) return false;
  return (
    (user.accountType === 1 || user.accountType === 2) &&
    hasAbility({ userType: user.userType as UserType }, 'manageTask')
  );
}

export function useLook(): Look {
  const { t: tr, i18n } = useTranslation(['subsidies', 'list', 'common']);
  const t = tr as unknown as Translate;
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const cropName = useCropOptions().nameOf;
  return useMemo(
    () => ({ t, unit, unitLabel, locale: i18n.language, cropName }),
    [t, unit, unitLabel, i18n.language, cropName],
  );
}

export default function SubsidyListPage() {
  const look = useLook();
  const { t } = look;
  const { modal, message } = App.useApp();
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const year = Number(search.get('year')) || thisYear;
  const regionParam = Number(search.get('region'));
  const region = regionParam > 0 ? regionParam : undefined;
  // The year filter shows this year when none is chosen.
  useEffect(() => {
    if (search.get('year')) return;
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.set('year', String(thisYear));
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch, thisYear]);

  const [dialog, setDialog] = useState<'compute' | 'rates' | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['subsidies'] }),
    [queryClient],
  );
  const refreshAll = useCallback(() => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: ['list', 'subsidies'] });
  }, [queryClient, refresh]);

  const remove = useCallback(
    (row: SubsidyRow) =>
      modal.confirm({
        title: t('subsidies:delete.title'),
        content: t('subsidies:delete.content', { name: row.yyAccountName }),
        okButtonProps: { danger: true },
        okText: t('subsidies:action.delete'),
        cancelText: t('list:cancel'),
        onOk: async () => {
          try {
            await subsidyApi.remove(row.subsidyId);
            void message.success(t('common:deleted'));
            refreshAll();
          } catch (err) {
            void message.error((err as Error).message);
          }
        },
      }),
    [modal, message, t, refreshAll],
  );

  const config = useMemo(
    () =>
      subsidyConfig(
        { ...look, thisYear, today: formatDate(Date.now(), 'YYYY-MM-DD') },
        {
          canWrite,
          open: (r) => setOpen(r.subsidyId),
          remove,
          compute: () => setDialog('compute'),
          rates: () => setDialog('rates'),
          statusCell: (r) => (
            <Tag color={isSealed(r) ? 'green' : 'blue'} data-testid={`subsidy-status-${r.subsidyId}`}>
              {t(statusKey(r))}
            </Tag>
          ),
        },
      ),
    [look, thisYear, canWrite, remove, t],
  );

  return (
    <>
      <ListPage
        config={config}
        title={t('common:screen.SubsidyList')}
        header={<Overview year={year} region={region} look={look} />}
      />
      {dialog === 'compute' ? (
        <ComputeDialog
          year={year}
          region={region}
          look={look}
          onClose={() => setDialog(null)}
          onDone={refreshAll}
        />
      ) : null}
      {dialog === 'rates' ? (
        <RatesDialog year={year} region={region} look={look} onClose={() => setDialog(null)} />
      ) : null}
      {open !== null ? (
        <SubsidyDrawer
          subsidyId={open}
          look={look}
          canWrite={canWrite}
          onClose={() => setOpen(null)}
          onChanged={refreshAll}
          onDeleted={() => {
            setOpen(null);
            refreshAll();
          }}
        />
      ) : null}
    </>
  );
}
