/**
 * The task's sorties, counted or not, each left-out one with its translated reason, filtered by
 * counted and by reason (server side, paged): an operator reads which of its sorties counted and why.
 */
import { EXCLUSION_REASONS, type ExclusionReason, formatDate } from '@agrifleet/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskSortieRow } from './api.ts';
import { unifiedTasksApi } from './api.ts';
import { areaText, type Look } from './chartOptions.ts';
import styles from './unifiedTasks.module.css';

export function SortieTable({
  tftzId,
  look,
  cropName,
}: {
  tftzId: number;
  look: Look;
  cropName: (id: number) => string;
}) {
  const { t } = useTranslation(['unifiedTasks', 'common']);
  const [counted, setCounted] = useState<0 | 1 | undefined>();
  const [reason, setReason] = useState<ExclusionReason | undefined>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const query = {
    currentPage: page.current,
    pageSize: page.size,
    ...(counted === undefined ? {} : { counted }),
    ...(reason ? { reason } : {}),
  };
  const sorties = useQuery({
    queryKey: ['unifiedTaskSorties', tftzId, query],
    queryFn: ({ signal }) => unifiedTasksApi.sorties(tftzId, query, signal),
    placeholderData: keepPreviousData,
  });
  const unit = t(`common:areaUnit.${look.unit}`);
  return (
    <div data-testid="task-sorties">
      <div className={styles.toolbar} style={{ marginBottom: 8 }}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('unifiedTasks:sortie.counted')}
          value={counted}
          onChange={(v) => {
            setCounted(v);
            if (v === 1) setReason(undefined);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 1, label: t('unifiedTasks:sortie.countedYes') },
            { value: 0, label: t('unifiedTasks:sortie.countedNo') },
          ]}
          data-testid="sortie-counted"
        />
        <Select
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('unifiedTasks:sortie.reason')}
          value={reason}
          disabled={counted === 1}
          onChange={(v) => {
            setReason(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={EXCLUSION_REASONS.map((r) => ({ value: r, label: t(`unifiedTasks:reason.${r}`) }))}
          data-testid="sortie-reason"
        />
      </div>
      <Table<TaskSortieRow>
        size="small"
        rowKey="sortieId"
        loading={sorties.isFetching}
        dataSource={sorties.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: sorties.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            key: 'startTime',
            title: t('unifiedTasks:sortie.startTime'),
            render: (_, r) => formatDate(r.startTime, 'YYYY-MM-DD HH:mm'),
          },
          {
            key: 'drone',
            title: t('unifiedTasks:sortie.drone'),
            render: (_, r) => `${r.droneName} (${r.droneId})`,
          },
          { key: 'owner', title: t('unifiedTasks:drone.owner'), render: (_, r) => r.yyAccountName ?? '' },
          { key: 'pilot', title: t('unifiedTasks:sortie.pilot'), render: (_, r) => r.pilotName ?? '' },
          {
            key: 'area',
            title: t('unifiedTasks:sortie.area', { unit }),
            align: 'right',
            render: (_, r) => areaText(r.areaMu, look),
          },
          {
            key: 'crop',
            title: t('unifiedTasks:col.cropId'),
            render: (_, r) => (r.cropId == null ? '' : cropName(r.cropId)),
          },
          {
            key: 'counted',
            title: t('unifiedTasks:sortie.counted'),
            render: (_, r) =>
              r.counted ? (
                <Tag color="green">{t('unifiedTasks:sortie.countedYes')}</Tag>
              ) : (
                <Tag color="red">{t('unifiedTasks:sortie.countedNo')}</Tag>
              ),
          },
          {
            key: 'reason',
            title: t('unifiedTasks:sortie.reason'),
            render: (_, r) => (r.reason ? t(`unifiedTasks:reason.${r.reason}`) : ''),
          },
        ]}
      />
    </div>
  );
}
