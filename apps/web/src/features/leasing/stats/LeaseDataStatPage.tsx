/**
 * LeaseDataStat (/leasing_business/lease-data-stat, 002 §2 "Leasing statistics"): the lessor's
 * figures in a range (default the last 30 days) and all time, area and sorties per day, its clients
 * ranked by area, and pies of its leases by status and by lease model. Datasets leaseData,
 * leaseStatData, leaseAreaData and the client ranking (api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../charts/EChart.tsx';
import { leasingStatsApi, type StatRange } from './api.ts';
import { countText, type Figure, pieOption, workFigures } from './options.ts';
import {
  AreaRanking,
  ChartCard,
  DailyChart,
  defaultRange,
  FigureCards,
  RangeBar,
  useLook,
} from './StatParts.tsx';
import styles from './stats.module.css';

export default function LeaseDataStatPage() {
  const { t } = useTranslation(['leasingStats', 'leasing', 'common']);
  const look = useLook();
  const [range, setRange] = useState<StatRange>(defaultRange);
  const data = useQuery({ queryKey: ['leaseData', range], queryFn: () => leasingStatsApi.leaseData(range) });
  const area = useQuery({
    queryKey: ['leaseAreaData', range],
    queryFn: () => leasingStatsApi.leaseAreaData(range),
  });
  const ranking = useQuery({
    queryKey: ['leaseAreaRanking', range],
    queryFn: () => leasingStatsApi.leaseAreaRanking(range),
  });
  const leases = useQuery({ queryKey: ['leaseStatData'], queryFn: leasingStatsApi.leaseStatData });

  const d = data.data;
  const figures: Figure[] = d
    ? [
        { key: 'clients', value: countText(d.clients, look.locale) },
        { key: 'activatedClients', value: countText(d.activatedClients, look.locale) },
        { key: 'leasedDrones', value: countText(d.leasedDrones, look.locale) },
        ...workFigures(d, look),
      ]
    : [];
  const l = leases.data;
  const statusPie = l
    ? pieOption([
        { name: t('leasing:leaseStatus.1'), value: l.leasing },
        { name: t('leasing:leaseStatus.2'), value: l.returned },
        { name: t('leasing:leaseStatus.3'), value: l.cancelled },
      ])
    : null;
  const modelPie = l
    ? pieOption(l.byModel.map((m) => ({ name: t(`leasing:leaseModel.${m.leaseModel}`), value: m.count })))
    : null;

  return (
    <div className={styles.page} data-testid="lease-data-stat">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('common:screen.LeaseDataStat')}</h2>
        <RangeBar value={range} onChange={setRange} />
      </div>
      <FigureCards items={figures} testId="lease-data-figures" />
      {d ? (
        <>
          <div className={styles.section}>{t('leasingStats:allTime')}</div>
          <FigureCards items={workFigures(d.total, look)} testId="lease-data-total" />
        </>
      ) : null}
      <div className={styles.grid}>
        <div className={styles.wide}>
          <DailyChart series={area.data} loading={area.isFetching} testId="lease-area-chart" />
        </div>
        <div className={styles.wide}>
          <AreaRanking
            title={t('leasingStats:chart.clientRanking')}
            items={(ranking.data ?? []).map((r) => ({ name: r.accountName, areaMu: r.areaMu }))}
            loading={ranking.isFetching}
            testId="lease-client-ranking"
          />
        </div>
        <ChartCard
          title={t('leasingStats:chart.leaseStatus')}
          loading={leases.isFetching}
          empty={!l || l.leasing + l.returned + l.cancelled === 0}
          testId="lease-status-pie"
        >
          {statusPie ? <EChart notMerge style={{ height: 260 }} option={statusPie} /> : null}
        </ChartCard>
        <ChartCard
          title={t('leasingStats:chart.leaseModel')}
          loading={leases.isFetching}
          empty={!l?.byModel.length}
          testId="lease-model-pie"
        >
          {modelPie ? <EChart notMerge style={{ height: 260 }} option={modelPie} /> : null}
        </ChartCard>
      </div>
    </div>
  );
}
