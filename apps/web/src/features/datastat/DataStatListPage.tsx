/**
 * DataStatList (/data_stat_manage/data-stat-list, 001 §2 "Other screens", §3, §7 "Data statistics"):
 * the overview of the caller's scope and items, the account's stat items on the shared list pattern
 * (config.ts: create, edit, delete, open), each item's detail as a chart or table in a drawer that
 * refreshes itself at the item's refreshFre; the form's preview shows settings without storing them.
 */
import { canAccessScreen, type StatItem, type StatSettingsInput } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { useErrorToast } from '../../list/useListPage.ts';
import { useCrops, useMedicines } from '../lookups/useCatalog.ts';
import { unifiedTasksApi } from '../unifiedTasks/api.ts';
import { datastatApi } from './api.ts';
import { datastatConfig, groupOptions } from './config.ts';
import { DetailDrawer, type DetailTarget } from './DetailDrawer.tsx';
import { Overview } from './Overview.tsx';

export default function DataStatListPage() {
  const { t: tr, i18n } = useTranslation(['datastat', 'list', 'common', 'unifiedTasks']);
  const t = tr as unknown as Translate;
  const unit = useAreaUnit();
  const queryClient = useQueryClient();
  const crops = useCrops();
  const medicines = useMedicines();
  const [target, setTarget] = useState<DetailTarget | null>(null);

  const overview = useQuery({
    queryKey: ['datastat', 'overview', unit],
    queryFn: ({ signal }) => datastatApi.overview(unit, signal),
  });
  useErrorToast(overview.error);
  const scope = useQuery({
    queryKey: ['droneStat', 'filters'],
    queryFn: datastatApi.filters,
    staleTime: 300_000,
  });

  // The unified tasks of the scope to pick from, where the caller may list them.
  const user = useSessionUser();
  const host = useHostProfile();
  const mayListTasks = !!user && canAccessScreen(subjectOf(user, host), 'UnifiedTaskList');
  const tasks = useQuery({
    enabled: mayListTasks,
    queryKey: ['unifiedTasks', 'datastatChoices'],
    queryFn: ({ signal }) => unifiedTasksApi.page({ currentPage: 1, pageSize: 500 }, signal),
    staleTime: 60_000,
  });
  const taskOptions = useMemo(
    () => (tasks.data?.records ?? []).map((r) => ({ value: r.tftzId, label: `${r.tftzId} · ${r.tftzName}` })),
    [tasks.data],
  );

  const open = useCallback((item: StatItem) => setTarget({ kind: 'item', item }), []);
  const preview = useCallback((settings: StatSettingsInput) => setTarget({ kind: 'preview', settings }), []);
  const changed = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['datastat', 'overview'] }),
    [queryClient],
  );
  const language = i18n.language;
  const config = useMemo(() => {
    const look = { t, unit, language };
    const choices = {
      scope: scope.data,
      pilots: groupOptions('pilot', look),
      // Every crop of the catalogue (oper/crops), named in the UI language.
      crops: crops.options,
      medicines: medicines.options,
      tasks: taskOptions,
    };
    return datastatConfig(look, choices, { open, preview, changed });
  }, [t, unit, language, scope.data, crops.options, medicines.options, taskOptions, open, preview, changed]);

  return (
    <>
      <ListPage
        config={config}
        title={t('common:screen.DataStatList')}
        header={<Overview data={overview.data} loading={overview.isLoading} t={t} locale={language} />}
      />
      <DetailDrawer target={target} onClose={() => setTarget(null)} t={t} locale={language} />
    </>
  );
}
