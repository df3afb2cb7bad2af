/**
 * UnifiedTaskList (/business_manage/unified-task-list, 001 §2): the unified pest-control tasks the
 * caller runs or whose drones are enrolled (server scope), with filters, the create/edit dialog
 * (region, optional drawn boundary, period, type, work type, crop, medicine, monitoring), and per
 * task its drone list, its chart page, finishing early and cancelling. Writes are offered only
 * where the server says the task is editable by the caller.
 */
import { hasAbility, type UnifiedTaskRow, type UserType } from '@agrifleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../app/session.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import { statToday, statYear } from '../../lib/statDay.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { CatalogueDrawer } from '../lookups/CatalogueDrawer.tsx';
import { unifiedTasksApi } from './api.ts';
import { useTaskCatalogs } from './catalogs.ts';
import { unifiedTaskListConfig } from './config.ts';
import { taskChartPath, taskDronesPath } from './paths.ts';
import { TaskDialog } from './TaskDialog.tsx';
import { StatusTag } from './TaskHeader.tsx';

type Dialog = { record: UnifiedTaskRow | null } | null;

export default function UnifiedTaskListPage() {
  const { t: tr, i18n } = useTranslation(['unifiedTasks', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionUser();
  const unit = useAreaUnit();
  const catalogs = useTaskCatalogs();
  // A government or the platform runs tasks; the server checks the region of each.
  const canCreate =
    !!user &&
    (user.accountType === 1 || user.accountType === 2) &&
    hasAbility({ userType: user.userType as UserType }, 'manageTask');
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['list', 'unifiedTasks'] }),
    [queryClient],
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [catalogue, setCatalogue] = useState(false);
  const isPlatform = user?.accountType === 1;

  const close = useCallback(
    (row: UnifiedTaskRow, status: 4 | 6) => {
      const key = status === 4 ? 'finish' : 'cancel';
      modal.confirm({
        title: t(`unifiedTasks:confirm.${key}`, { name: row.tftzName }),
        content: t(`unifiedTasks:confirm.${key}Help`),
        okText: t(`unifiedTasks:action.${key}`),
        okButtonProps: {
          danger: status === 6,
          ...({ 'data-testid': 'task-close-ok' } as Record<`data-${string}`, string>),
        },
        cancelText: t('list:cancel'),
        onOk: async () => {
          try {
            await unifiedTasksApi.patch(row.tftzId, { status });
            void message.success(t(`unifiedTasks:toast.${key}`));
            refresh();
          } catch (err) {
            const text = (err as Error).message;
            if (text) void message.error(text);
          }
        },
      });
    },
    [modal, message, t, refresh],
  );

  const { crops, workTypes } = catalogs;
  const config = useMemo(
    () =>
      unifiedTaskListConfig(
        { t, unit, locale: i18n.language, year: statYear(), today: statToday() },
        { crops, workTypes },
        {
          canCreate,
          // The platform administers the crop, work-type and medicine catalogues the tasks name.
          canCatalogue: isPlatform,
          catalogue: () => setCatalogue(true),
          create: () => setDialog({ record: null }),
          edit: (record) => setDialog({ record }),
          open: (row, where) =>
            navigate(where === 'drones' ? taskDronesPath(row.tftzId) : taskChartPath(row.tftzId)),
          close,
          statusCell: (row) => <StatusTag status={row.status} />,
          nameCell: (row) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              onClick={() => navigate(taskDronesPath(row.tftzId))}
            >
              {row.tftzName}
            </Button>
          ),
        },
      ),
    [t, unit, i18n.language, crops, workTypes, canCreate, navigate, close, isPlatform],
  );

  return (
    <>
      <ListPage config={config} title={t('common:screen.UnifiedTaskList')} />
      {isPlatform ? <CatalogueDrawer open={catalogue} onClose={() => setCatalogue(false)} /> : null}
      {dialog ? (
        <TaskDialog
          record={dialog.record}
          catalogs={catalogs}
          onClose={(saved) => {
            setDialog(null);
            if (saved) refresh();
          }}
        />
      ) : null}
    </>
  );
}
