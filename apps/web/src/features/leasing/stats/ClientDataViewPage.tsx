/**
 * ClientDataView (/leasing_business/client-list/:id/chart, 002 §2): one client of the lessor (id =
 * the client's account id): its figures of all time with balance and leased drones, its area and
 * sorties per day in a range (default the last 30 days), its drones and pilots ranked by area, and
 * a link back to ClientList. Datasets customerDataStat, customerAreaAndRecord,
 * customerDronePilotRanking (api.ts).
 */

import { buildPath } from '@agrifleet/domain';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { leasingStatsApi, type StatRange } from './api.ts';
import { countText, type Figure, moneyText, workFigures } from './options.ts';
import { AreaRanking, DailyChart, defaultRange, FigureCards, RangeBar, useLook } from './StatParts.tsx';
import styles from './stats.module.css';

export default function ClientDataViewPage() {
  const { t } = useTranslation(['leasingStats', 'leasing', 'common']);
  const look = useLook();
  const { id = '' } = useParams();
  const accountId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const [range, setRange] = useState<StatRange>(defaultRange);
  const enabled = accountId > 0;
  const data = useQuery({
    queryKey: ['customerDataStat', accountId],
    queryFn: () => leasingStatsApi.customerDataStat(accountId),
    enabled,
    retry: false,
  });
  const area = useQuery({
    queryKey: ['customerAreaAndRecord', accountId, range],
    queryFn: () => leasingStatsApi.customerAreaAndRecord(accountId, range),
    enabled: enabled && data.isSuccess,
  });
  const ranking = useQuery({
    queryKey: ['customerDronePilotRanking', accountId],
    queryFn: () => leasingStatsApi.customerDronePilotRanking(accountId),
    enabled: enabled && data.isSuccess,
  });

  const back = (
    <Link to={buildPath('ClientList')} data-testid="client-data-back">
      <ArrowLeftOutlined /> {t('leasingStats:backToClients')}
    </Link>
  );
  if (!enabled || data.isError)
    return (
      <div className={styles.page}>
        <Result status="404" title={t('leasingStats:clientNotFound')} extra={back} />
      </div>
    );

  const d = data.data;
  const figures: Figure[] = d
    ? [
        { key: 'status', value: t(`leasing:clientStatus.${d.activeStatus}`, { defaultValue: '-' }) },
        {
          key: 'balance',
          value: moneyText([{ currency: d.currency, minor: d.balanceMinor }], d.currency, look.locale),
        },
        { key: 'leasedDrones', value: countText(d.leasedDrones, look.locale) },
        ...workFigures(d, look, d.currency),
      ]
    : [];

  return (
    <div className={styles.page} data-testid="client-data-view">
      <div className={styles.head}>
        <div className={styles.tools}>
          {back}
          <h2 className={styles.title} data-testid="client-data-name">
            {d?.accountName ?? ''}
          </h2>
        </div>
        <RangeBar value={range} onChange={setRange} />
      </div>
      <div className={styles.section}>{t('leasingStats:allTime')}</div>
      <FigureCards items={figures} testId="client-data-figures" />
      <div className={styles.grid}>
        <div className={styles.wide}>
          <DailyChart series={area.data} loading={area.isFetching} testId="client-area-chart" />
        </div>
        <AreaRanking
          title={t('leasingStats:chart.droneRanking')}
          items={(ranking.data?.drones ?? []).map((r) => ({ name: r.droneName, areaMu: r.areaMu }))}
          loading={ranking.isFetching}
          testId="client-drone-ranking"
        />
        <AreaRanking
          title={t('leasingStats:chart.pilotRanking')}
          items={(ranking.data?.pilots ?? []).map((r) => ({
            name: r.userName || `#${r.userId}`,
            areaMu: r.areaMu,
          }))}
          loading={ranking.isFetching}
          testId="client-pilot-ranking"
        />
      </div>
    </div>
  );
}
