/**
 * UnifiedTaskChart (/business_manage/unified-task-list/{id}/chart, 001 §2): the task's figures
 * (drones, active drones, owners, sorties, area, volume, duration), counted area per day, per owner
 * and per crop, the drone and pilot rankings, the left-out sorties by reason, the map of the sorties
 * (counted green, left out red, over the task's boundary) and its sortie list with the reasons.
 * The figures refresh every REFRESH_MS (sorties count in as drones land).
 */
import type { Language, UnifiedTaskRow } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin } from 'antd';
import type { Polygon } from 'geojson';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../charts/EChart.tsx';
import { FigureCards } from '../../charts/FigureCards.tsx';
import { useAreaUnit } from '../../lib/settings.ts';
import { unifiedTasksApi } from './api.ts';
import { useTaskCatalogs } from './catalogs.ts';
import {
  cropOption,
  dailyOption,
  excludedItems,
  excludedOption,
  type Look,
  overviewFigures,
  rankingOption,
  SORTIE_COLORS,
} from './chartOptions.ts';
import { SortieMap } from './SortieMap.tsx';
import { SortieTable } from './SortieTable.tsx';
import { TaskFrame, TaskHeader, useTask } from './TaskHeader.tsx';
import styles from './unifiedTasks.module.css';

const REFRESH_MS = 15_000;
/** Sorties shown on the map (the newest). */
const MAP_SORTIES = 500;

function ChartCard(props: {
  title: string;
  loading: boolean;
  empty: boolean;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={props.title}
      className={`${styles.card} ${props.wide ? styles.wide : ''}`}
      data-testid={props.testId}
    >
      <Spin spinning={props.loading}>
        {props.empty && !props.loading ? (
          <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          props.children
        )}
      </Spin>
    </Card>
  );
}

function Charts({ task, look }: { task: UnifiedTaskRow; look: Look }) {
  const { t } = useTranslation(['unifiedTasks', 'common']);
  const id = task.tftzId;
  const { crops } = useTaskCatalogs();
  const unit = t(`common:areaUnit.${look.unit}`);
  const areaName = t('unifiedTasks:chart.area', { unit });
  const live = { refetchInterval: REFRESH_MS, refetchIntervalInBackground: false };
  const overview = useQuery({
    queryKey: ['tftzOverview', id],
    queryFn: ({ signal }) => unifiedTasksApi.overview(id, signal),
    ...live,
  });
  const data = useQuery({
    queryKey: ['tftzData', id],
    queryFn: ({ signal }) => unifiedTasksApi.statData(id, signal),
    ...live,
  });
  const owners = useQuery({
    queryKey: ['tftzOwners', id],
    queryFn: ({ signal }) => unifiedTasksApi.statOwners(id, { currentPage: 1, pageSize: 20 }, signal),
    ...live,
  });
  const rank = (by: 'drone' | 'pilot') =>
    ({
      queryKey: ['tftzRank', id, by],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        unifiedTasksApi.statDrones(id, { currentPage: 1, pageSize: 10, by }, signal),
      ...live,
    }) as const;
  const drones = useQuery(rank('drone'));
  const pilots = useQuery(rank('pilot'));
  const mapSorties = useQuery({
    queryKey: ['tftzMapSorties', id],
    queryFn: ({ signal }) => unifiedTasksApi.sorties(id, { currentPage: 1, pageSize: MAP_SORTIES }, signal),
    ...live,
  });
  const days = data.data?.days ?? [];
  const cropRows = data.data?.crops ?? [];
  const excluded = excludedItems(overview.data?.excluded ?? {});
  const ownerRows = owners.data?.records ?? [];
  const rankItems = (rows: { name: string; areaMu: number }[] | undefined) =>
    (rows ?? []).map((r) => ({ name: r.name, areaMu: r.areaMu }));

  return (
    <>
      <FigureCards
        testId="task-figures"
        itemTestId="task-figure"
        minWidth={130}
        items={(overview.data ? overviewFigures(overview.data, look) : []).map((f) => ({
          key: f.key,
          label: t(`unifiedTasks:figure.${f.key}`, { unit }),
          value: f.value,
        }))}
      />
      <div className={styles.grid}>
        <ChartCard
          title={t('unifiedTasks:chart.daily')}
          loading={data.isLoading}
          empty={!days.length}
          testId="task-chart-daily"
          wide
        >
          <EChart
            notMerge
            style={{ height: 300 }}
            option={dailyOption(days, look, { area: areaName, sorties: t('unifiedTasks:chart.sorties') })}
          />
        </ChartCard>
        <ChartCard
          title={t('unifiedTasks:chart.owners')}
          loading={owners.isLoading}
          empty={!ownerRows.some((o) => o.areaMu > 0)}
          testId="task-chart-owners"
        >
          <EChart
            notMerge
            style={{ height: 300 }}
            option={rankingOption(
              ownerRows.map((o) => ({ name: o.yyAccountName, areaMu: o.areaMu })),
              look,
              areaName,
            )}
          />
        </ChartCard>
        <ChartCard
          title={t('unifiedTasks:chart.crops')}
          loading={data.isLoading}
          empty={!cropRows.some((c) => c.areaMu > 0)}
          testId="task-chart-crops"
        >
          <EChart
            notMerge
            style={{ height: 300 }}
            option={cropOption(cropRows, look, (c) => crops.nameOf(c), t('unifiedTasks:chart.cropUnknown'))}
          />
        </ChartCard>
        <ChartCard
          title={t('unifiedTasks:chart.drones')}
          loading={drones.isLoading}
          empty={!drones.data?.records.some((r) => r.areaMu > 0)}
          testId="task-chart-drones"
        >
          <EChart
            notMerge
            style={{ height: 300 }}
            option={rankingOption(rankItems(drones.data?.records), look, areaName)}
          />
        </ChartCard>
        <ChartCard
          title={t('unifiedTasks:chart.pilots')}
          loading={pilots.isLoading}
          empty={!pilots.data?.records.some((r) => r.areaMu > 0)}
          testId="task-chart-pilots"
        >
          <EChart
            notMerge
            style={{ height: 300 }}
            option={rankingOption(rankItems(pilots.data?.records), look, areaName, '#13c2c2')}
          />
        </ChartCard>
        <ChartCard
          title={t('unifiedTasks:chart.excluded')}
          loading={overview.isLoading}
          empty={!excluded.length}
          testId="task-chart-excluded"
          wide
        >
          <EChart
            notMerge
            style={{ height: Math.max(160, 40 * excluded.length + 40) }}
            option={excludedOption(
              excluded,
              (r) => t(`unifiedTasks:reason.${r}`),
              t('unifiedTasks:chart.sorties'),
            )}
          />
        </ChartCard>
        <Card
          size="small"
          className={`${styles.card} ${styles.wide}`}
          title={t('unifiedTasks:chart.map')}
          extra={
            <span className={styles.legend}>
              <span>
                <i className={styles.dot} style={{ background: SORTIE_COLORS.counted }} />
                {t('unifiedTasks:sortie.countedYes')}
              </span>
              <span>
                <i className={styles.dot} style={{ background: SORTIE_COLORS.excluded }} />
                {t('unifiedTasks:sortie.countedNo')}
              </span>
            </span>
          }
        >
          <SortieMap
            sorties={mapSorties.data?.records ?? []}
            polygon={(task.polygon as Polygon | null) ?? null}
          />
        </Card>
        <Card
          size="small"
          className={`${styles.card} ${styles.wide}`}
          title={t('unifiedTasks:chart.sortieList')}
        >
          <SortieTable tftzId={id} look={look} cropName={(c) => crops.nameOf(c)} />
        </Card>
      </div>
    </>
  );
}

export default function UnifiedTaskChartPage() {
  const { i18n } = useTranslation('unifiedTasks');
  const unit = useAreaUnit();
  const { task, loading, failed } = useTask();
  const look: Look = { unit, language: i18n.language as Language, locale: i18n.language };
  return (
    <TaskFrame loading={loading} failed={failed}>
      {task ? (
        <>
          <TaskHeader task={task} page="chart" />
          <Charts task={task} look={look} />
        </>
      ) : null}
    </TaskFrame>
  );
}
