/**
 * Panel 2 (001 §2): area per hour of day (all time, or this year per month) and the area per flight
 * mode of a period (all, this month, last month, this year, last year) as a ring. Mode areas are
 * divided by one scale for the whole ring: 万 (large variant: 万亩), English M (001 §9).
 */
import { chartScale, FLIGHT_MODES, formatNumber, SCALE_DIVISOR, type StatPeriod } from '@agrifleet/domain';
import { useMemo, useState } from 'react';
import { statsApi } from './api.ts';
import { areaIn, shownText, useLook, withUnit } from './look.ts';
import { hourOption } from './options/hours.ts';
import { modePieOption } from './options/modes.ts';
import { hasData } from './options/theme.ts';
import { ChartBox, Panel, Tabs } from './Panel.tsx';
import { useStatQuery } from './queries.ts';
import styles from './stats.module.css';

export function TimeModePanels({ className }: { className?: string }) {
  return (
    <div className={`${styles.pair} ${className ?? ''}`}>
      <HoursPanel />
      <ModesPanel />
    </div>
  );
}

type HourView = 'cumulative' | 'byMonth';

function HoursPanel() {
  const look = useLook();
  const [view, setView] = useState<HourView>('cumulative');
  const byMonth = view === 'byMonth';
  const { data, isPending } = useStatQuery(['hours', view], (signal) =>
    byMonth ? statsApi.hourAreaByMonth(signal) : statsApi.hourArea(signal),
  );
  const option = useMemo(() => {
    if (!data?.xData.length || !hasData(data.yData)) return null;
    const months = new Intl.DateTimeFormat(look.locale, { month: 'short' });
    return hourOption(data, {
      byMonth,
      convert: (mu) => areaIn(look, mu),
      format: (v) => shownText(look, v, 2, look.unitLabel),
      hourLabel: (hour) => look.t('hours.hour', { hour }),
      monthName: (m) => months.format(new Date(2000, Number(m) - 1, 1)),
    });
  }, [data, look, byMonth]);
  return (
    <Panel
      title={withUnit(look, look.t('hours.title'))}
      testId="stat-hours"
      extra={
        <Tabs<HourView>
          value={view}
          onChange={setView}
          options={[
            { value: 'cumulative', label: look.t('hours.cumulative') },
            { value: 'byMonth', label: look.t('hours.byMonth') },
          ]}
        />
      }
    >
      <ChartBox option={option} loading={isPending} />
    </Panel>
  );
}

const MODE_PERIODS: readonly StatPeriod[] = ['all', 'thisMonth', 'lastMonth', 'thisYear', 'lastYear'];

function ModesPanel() {
  const look = useLook();
  const [period, setPeriod] = useState<StatPeriod>('all');
  const { data, isPending } = useStatQuery(['modes', period], (signal) => statsApi.modeArea(period, signal));
  const scale = chartScale(look.english);
  const suffix = `${look.t(`scale.${scale}`)}${look.spaced ? ' ' : ''}${look.unitLabel}`;
  const option = useMemo(() => {
    if (!data?.xData.length || !hasData(data.yData.slice(0, 1))) return null;
    return modePieOption(data, {
      name: (mode) => ((FLIGHT_MODES as readonly string[]).includes(mode) ? look.t(`mode.${mode}`) : mode),
      convert: (mu) => areaIn(look, mu),
      divisor: SCALE_DIVISOR[scale],
      format: (v) => `${formatNumber(v, 2)}${suffix}`,
    });
  }, [data, look, scale, suffix]);
  return (
    <Panel title={withUnit(look, look.t('modes.title'), suffix)} testId="stat-modes">
      <div className={styles.modeFrame}>
        <div className={styles.modeBody}>
          <div className={styles.panelBody}>
            <ChartBox option={option} loading={isPending} />
          </div>
          <Tabs
            vertical
            value={period}
            onChange={setPeriod}
            options={MODE_PERIODS.map((p) => ({ value: p, label: look.t(`period.${p}`) }))}
          />
        </div>
      </div>
    </Panel>
  );
}
