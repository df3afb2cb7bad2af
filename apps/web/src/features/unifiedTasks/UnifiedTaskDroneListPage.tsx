/**
 * UnifiedTaskDroneList (/business_manage/unified-task-list/{id}/drone-list, 001 §2): the task's head
 * and its enrolled drones with their dates and progress. A caller who may edit the task enrols
 * drones (by search, by owner, by uploaded list), changes the dates of selected drones and withdraws
 * them; everyone else reads (an operator sees only its own drones: server scope).
 */
import type { AccountOption } from '@agrifleet/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaUnit } from '../../lib/settings.ts';
import type { Translate } from '../../list/columns.ts';
import { ListPage } from '../../list/ListPage.tsx';
import { dronesApi } from '../drones/api.ts';
import type { TaskDroneRow } from './api.ts';
import { unifiedTasksApi } from './api.ts';
import { taskDronesConfig } from './droneConfig.ts';
import { EnrolDialog, type EnrolDialogMode } from './EnrolDialog.tsx';
import { TaskFrame, TaskHeader, useTask } from './TaskHeader.tsx';

type Dialog = { mode: EnrolDialogMode; droneIds?: string[] } | null;
const NO_OWNERS: AccountOption[] = [];

export default function UnifiedTaskDroneListPage() {
  const { t: tr, i18n } = useTranslation(['unifiedTasks', 'list', 'common']);
  const t = tr as unknown as Translate;
  const { message, modal } = App.useApp();
  const unit = useAreaUnit();
  const { tftzId, task, loading, failed } = useTask();
  const editable = task?.editable ?? false;
  const owners = useQuery({
    queryKey: ['drone/common/operators'],
    queryFn: dronesApi.operators,
    staleTime: 60_000,
  });
  const ownerList = owners.data ?? NO_OWNERS;
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['list', `unifiedTaskDrones-${tftzId}`] });
    void queryClient.invalidateQueries({ queryKey: ['unifiedTask', tftzId] });
  }, [queryClient, tftzId]);
  const [dialog, setDialog] = useState<Dialog>(null);

  const config = useMemo(
    () =>
      taskDronesConfig(
        tftzId,
        { t, unit, locale: i18n.language },
        ownerList.map((o) => ({ value: o.id, label: o.name })),
        {
          editable,
          enrol: (mode) => setDialog({ mode }),
          redate: async (rows: TaskDroneRow[]) => {
            if (!rows.length) {
              void message.info(t('unifiedTasks:drone.noneSelected'));
              return false;
            }
            setDialog({ mode: 'dates', droneIds: rows.map((r) => r.droneId) });
            return false;
          },
          withdraw: (rows: TaskDroneRow[]) =>
            new Promise<boolean>((resolve) => {
              if (!rows.length) {
                void message.info(t('unifiedTasks:drone.noneSelected'));
                return resolve(false);
              }
              modal.confirm({
                title: t('unifiedTasks:drone.withdrawConfirm', { n: rows.length }),
                content: t('unifiedTasks:drone.withdrawHelp'),
                okButtonProps: {
                  danger: true,
                  ...({ 'data-testid': 'withdraw-ok' } as Record<`data-${string}`, string>),
                },
                okText: t('unifiedTasks:drone.withdraw'),
                cancelText: t('list:cancel'),
                onCancel: () => resolve(false),
                onOk: async () => {
                  try {
                    const r = await unifiedTasksApi.withdraw(
                      tftzId,
                      rows.map((row) => row.droneId),
                    );
                    void message.success(t('unifiedTasks:drone.withdrawn', { n: r.changed }));
                    refresh();
                    resolve(true);
                  } catch (err) {
                    const text = (err as Error).message;
                    if (text) void message.error(text);
                    resolve(false);
                  }
                },
              });
            }),
          onlineCell: (row) => (
            <Tag color={row.online ? 'green' : 'default'}>
              {t(row.online ? 'unifiedTasks:drone.onlineYes' : 'unifiedTasks:drone.onlineNo')}
            </Tag>
          ),
        },
      ),
    [tftzId, t, unit, i18n.language, ownerList, editable, message, modal, refresh],
  );

  return (
    <TaskFrame loading={loading} failed={failed}>
      {task ? (
        <>
          <TaskHeader task={task} page="drones" />
          <ListPage config={config} />
          {dialog ? (
            <EnrolDialog
              task={task}
              mode={dialog.mode}
              droneIds={dialog.droneIds}
              owners={ownerList}
              onClose={(changed) => {
                setDialog(null);
                if (changed) refresh();
              }}
            />
          ) : null}
        </>
      ) : null}
    </TaskFrame>
  );
}
