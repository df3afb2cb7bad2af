/** SubsidyList's header: the summary cards and the per-region statistics (table and bar chart). */
import type { SubsidyStat } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../charts/EChart.tsx';
import { FigureCards } from '../../charts/FigureCards.tsx';
import { subsidyApi } from './api.ts';
import { formatArea, formatNumber, formatYuan, type Look, statChartOption, summaryCards } from './model.ts';
import styles from './subsidies.module.css';

interface Props {
  year: number;
  region?: number;
  look: Look;
}

type StatRow = SubsidyStat['records'][number];

export function Overview({ year, region, look }: Props) {
  const q = { year, ...(region ? { region } : {}) };
  const summary = useQuery({
    queryKey: ['subsidies', 'summary', q],
    queryFn: ({ signal }) => subsidyApi.summary(q, signal),
  });
  const stat = useQuery({
    queryKey: ['subsidies', 'stat', q],
    queryFn: ({ signal }) => subsidyApi.stat(q, signal),
  });
  const { t } = look;
  const cards = summary.data ? summaryCards(summary.data, look) : [];
  const option = useMemo(() => (stat.data ? statChartOption(stat.data, look) : null), [stat.data, look]);
  const u = { unit: look.unitLabel };
  const area = (key: 'monitoredMu' | 'qualifiedMu' | 'paidMu') => ({
    key,
    dataIndex: key,
    title: t(`subsidies:col.${key}`, u),
    align: 'right' as const,
    render: (v: number) => formatArea(v, look),
  });
  return (
    <div className={styles.overview}>
      <FigureCards testId="subsidy-cards" itemTestId="subsidy-card" items={cards} />
      <section className={styles.stat} data-testid="subsidy-stat">
        <h2 className={styles.statTitle}>{t('subsidies:stat.title')}</h2>
        <Table<StatRow>
          size="small"
          rowKey="region"
          loading={stat.isLoading}
          dataSource={stat.data?.records ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 300 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list:empty')} /> }}
          columns={[
            { key: 'regionName', dataIndex: 'regionName', title: t('subsidies:col.region') },
            {
              key: 'subsidies',
              dataIndex: 'subsidies',
              title: t('subsidies:card.subsidies'),
              align: 'right',
              render: (v: number) => formatNumber(v, look.locale, 0),
            },
            {
              key: 'operators',
              dataIndex: 'operators',
              title: t('subsidies:card.operators'),
              align: 'right',
              render: (v: number) => formatNumber(v, look.locale, 0),
            },
            area('monitoredMu'),
            area('qualifiedMu'),
            area('paidMu'),
            {
              key: 'amountFen',
              dataIndex: 'amountFen',
              title: t('subsidies:col.amount'),
              align: 'right',
              render: (v: number) => formatYuan(v, look.locale),
            },
          ]}
        />
        {option && stat.data?.records.length ? (
          <EChart option={option} notMerge style={{ height: 300 }} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list:empty')} />
        )}
      </section>
    </div>
  );
}
