/**
 * OperatorDataStat (/leasing_business/operator-data-stat, 002 §2): the tenant's own leasing figures
 * in a range (default the last 30 days) and all time, its area and sorties per day and its leased
 * drones ranked by area; a lessor select when it leases from several (getZzAccountByUser).
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leasingStatsApi, type StatRange } from './api.ts';
import { countText, type Figure, workFigures } from './options.ts';
import { AreaRanking, DailyChart, defaultRange, FigureCards, RangeBar, useLook } from './StatParts.tsx';
import styles from './stats.module.css';

export default function OperatorDataStatPage() {
  const { t } = useTranslation(['leasingStats', 'common']);
  const look = useLook();
  const [range, setRange] = useState<StatRange>(defaultRange);
  const [lessor, setLessor] = useState<number | undefined>(undefined);
  const lessors = useQuery({
    queryKey: ['zzAccounts'],
    queryFn: leasingStatsApi.zzAccounts,
    staleTime: 300_000,
  });
  const data = useQuery({
    queryKey: ['yyLeaseData', range, lessor],
    queryFn: () => leasingStatsApi.yyLeaseData(range, lessor),
  });
  const area = useQuery({
    queryKey: ['yyLeaseAreaData', range, lessor],
    queryFn: () => leasingStatsApi.yyLeaseAreaData(range, lessor),
  });
  const ranking = useQuery({
    queryKey: ['yyLeaseAreaRanking', lessor],
    queryFn: () => leasingStatsApi.yyLeaseAreaRanking(lessor),
  });

  const d = data.data;
  const figures: Figure[] = d
    ? [
        { key: 'lessors', value: countText(d.clients, look.locale) },
        { key: 'leasedDrones', value: countText(d.leasedDrones, look.locale) },
        ...workFigures(d, look),
      ]
    : [];
  const choices = lessors.data ?? [];

  return (
    <div className={styles.page} data-testid="operator-data-stat">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('common:screen.OperatorDataStat')}</h2>
        <div className={styles.tools}>
          {choices.length > 1 ? (
            <Select
              data-testid="operator-lessor"
              style={{ minWidth: 220 }}
              value={lessor ?? 0}
              onChange={(v: number) => setLessor(v || undefined)}
              options={[
                { value: 0, label: t('leasingStats:allLessors') },
                ...choices.map((c) => ({ value: c.accountId, label: c.accountName })),
              ]}
            />
          ) : null}
          <RangeBar value={range} onChange={setRange} />
        </div>
      </div>
      <FigureCards items={figures} testId="operator-figures" />
      {d ? (
        <>
          <div className={styles.section}>{t('leasingStats:allTime')}</div>
          <FigureCards items={workFigures(d.total, look)} testId="operator-total" />
        </>
      ) : null}
      <div className={styles.grid}>
        <div className={styles.wide}>
          <DailyChart series={area.data} loading={area.isFetching} testId="operator-area-chart" />
        </div>
        <div className={styles.wide}>
          <AreaRanking
            title={t('leasingStats:chart.droneRanking')}
            items={(ranking.data ?? []).map((r) => ({ name: r.droneName, areaMu: r.areaMu }))}
            loading={ranking.isFetching}
            testId="operator-drone-ranking"
          />
        </div>
      </div>
    </div>
  );
}
