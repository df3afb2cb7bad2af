/**
 * Pieces the three leasing statistics screens share: the range picker (default the last 30 days),
 * the figure cards, a chart card, and the daily chart and area ranking built from options.ts.
 */
import type { Language, LeaseDaySeries } from '@agrifleet/domain';
import { Card, DatePicker, Empty, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../charts/EChart.tsx';
import { FigureCards as Cards } from '../../../charts/FigureCards.tsx';
import { useAreaUnit } from '../../../lib/settings.ts';
import { afterStatToday, dayOfPicker, pickerDay, statDayOf } from '../../../lib/statDay.ts';
import type { StatRange } from './api.ts';
import {
  dailyOption,
  dayTime,
  type Figure,
  type Look,
  lastDays,
  type RankItem,
  rankingOption,
} from './options.ts';
import styles from './stats.module.css';

export const defaultRange = (): StatRange => {
  const [startTime, endTime] = lastDays(Date.now());
  return { startTime, endTime };
};

/** The look of numbers: the user's area unit and language. */
export function useLook(): Look {
  const { i18n } = useTranslation();
  const unit = useAreaUnit();
  return { unit, language: i18n.language as Language, locale: i18n.language };
}

export function RangeBar({ value, onChange }: { value: StatRange; onChange: (r: StatRange) => void }) {
  const { t } = useTranslation('leasingStats');
  const picked: [Dayjs, Dayjs] = [pickerDay(statDayOf(value.startTime)), pickerDay(statDayOf(value.endTime))];
  return (
    <div className={styles.range} data-testid="lease-stat-range">
      <span>{t('range')}</span>
      <DatePicker.RangePicker
        value={picked}
        allowClear={false}
        disabledDate={(d) => afterStatToday(d)}
        onChange={(v) => {
          const [a, b] = v ?? [];
          if (a && b)
            onChange({
              startTime: dayTime(dayOfPicker(a)),
              endTime: dayTime(dayOfPicker(b)),
            });
        }}
      />
    </div>
  );
}

/** Cards of figures; labels are leasingStats figure.<key> with the area unit. */
export function FigureCards({ items, testId }: { items: readonly Figure[]; testId: string }) {
  const { t } = useTranslation(['leasingStats', 'common']);
  const unit = t(`common:areaUnit.${useAreaUnit()}`);
  return (
    <Cards
      testId={testId}
      minWidth={190}
      items={items.map((f) => ({
        key: f.key,
        label: t(`leasingStats:figure.${f.key}`, { unit }),
        value: f.value,
      }))}
    />
  );
}

export function ChartCard({
  title,
  loading,
  empty,
  children,
  testId,
  extra,
}: {
  title: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Card size="small" title={title} extra={extra} className={styles.card} data-testid={testId}>
      <Spin spinning={loading}>
        {empty && !loading ? (
          <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          children
        )}
      </Spin>
    </Card>
  );
}

/** Area and sorties per day (or per month for a long range). */
export function DailyChart({
  series,
  loading,
  testId,
}: {
  series?: LeaseDaySeries;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['leasingStats', 'common']);
  const look = useLook();
  const unit = t(`common:areaUnit.${look.unit}`);
  const days = series?.days ?? [];
  const title = series?.grain === 'm' ? t('leasingStats:chart.monthly') : t('leasingStats:chart.daily');
  return (
    <ChartCard title={title} loading={loading} empty={!days.length} testId={testId}>
      <EChart
        notMerge
        style={{ height: 300 }}
        option={dailyOption(days, look, {
          area: t('leasingStats:chart.area', { unit }),
          sorties: t('leasingStats:chart.sorties'),
        })}
      />
    </ChartCard>
  );
}

export function AreaRanking({
  title,
  items,
  loading,
  testId,
}: {
  title: string;
  items: readonly RankItem[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['leasingStats', 'common']);
  const look = useLook();
  const unit = t(`common:areaUnit.${look.unit}`);
  const height = Math.max(160, items.length * 30 + 30);
  return (
    <ChartCard title={title} loading={loading} empty={!items.length} testId={testId}>
      <EChart
        notMerge
        style={{ height }}
        option={rankingOption(items, look, t('leasingStats:chart.area', { unit }))}
      />
    </ChartCard>
  );
}
