/**
 * The head of a task's drone list and chart page: its name, status, period, region, type, and
 * links between the two pages and back to the list; `useTask` reads the task from the address.
 */
import { SCREENS, type UnifiedTaskRow } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { unifiedTasksApi } from './api.ts';
import { periodText, STATUS_COLORS } from './config.ts';
import { taskChartPath, taskDronesPath } from './paths.ts';
import styles from './unifiedTasks.module.css';

/** The task id of the address, and the task (null while loading or when it failed). */
export function useTask() {
  const { id = '' } = useParams();
  const tftzId = /^\d+$/.test(id) ? Number(id) : 0;
  const query = useQuery({
    queryKey: ['unifiedTask', tftzId],
    queryFn: ({ signal }) => unifiedTasksApi.get(tftzId, signal),
    enabled: tftzId > 0,
  });
  return { tftzId, task: query.data ?? null, loading: query.isLoading, failed: tftzId <= 0 || query.isError };
}

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('unifiedTasks');
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="task-status">
      {t(`unifiedTasks:status.${status}`)}
    </Tag>
  );
}

export function TaskHeader({
  task,
  page,
  extra,
}: {
  task: UnifiedTaskRow;
  page: 'drones' | 'chart';
  extra?: ReactNode;
}) {
  const { t } = useTranslation(['unifiedTasks', 'common']);
  return (
    <div className={styles.header} data-testid="task-header">
      <h2 className={styles.headerTitle} data-testid="task-header-name">
        {task.tftzName}
      </h2>
      <StatusTag status={task.status} />
      <span className={styles.headerItem}>
        {t('unifiedTasks:col.period')}: {periodText(task)}
      </span>
      <span className={styles.headerItem}>
        {t('unifiedTasks:col.regionName')}: {task.regionName}
      </span>
      <span className={styles.headerItem}>
        {t('unifiedTasks:col.tftzType')}: {t(`unifiedTasks:tftzType.${task.tftzType}`)}
      </span>
      <span className={styles.headerItem}>
        {t('unifiedTasks:field.zfMonitor')}: {t(task.zfMonitor ? 'unifiedTasks:yes' : 'unifiedTasks:no')}
      </span>
      <span className={styles.headerLinks}>
        {extra}
        <Link to={page === 'drones' ? taskChartPath(task.tftzId) : taskDronesPath(task.tftzId)}>
          <Button data-testid={page === 'drones' ? 'task-to-chart' : 'task-to-drones'}>
            {t(page === 'drones' ? 'unifiedTasks:action.chart' : 'unifiedTasks:action.drones')}
          </Button>
        </Link>
        <Link to={SCREENS.UnifiedTaskList}>
          <Button>{t('unifiedTasks:action.back')}</Button>
        </Link>
      </span>
    </div>
  );
}

/** The page's frame while the task loads or when it cannot be read. */
export function TaskFrame({
  loading,
  failed,
  children,
}: {
  loading: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('unifiedTasks');
  if (failed) return <Result status="404" title={t('unifiedTasks:notFound')} />;
  if (loading) return <Spin style={{ margin: 48 }} />;
  return <div className={styles.page}>{children}</div>;
}
