/**
 * Panel 4 (001 §2): area per region. A ring splits domestic and overseas area of the period; its
 * selected slice (domestic first) chooses the bars: China's provinces or the countries abroad.
 * Large variant: all time, today, this month, this year; small: all time only.
 */
import type { StatPeriod } from '@agrifleet/domain';
import { useMemo, useState } from 'react';
import { statsApi } from './api.ts';
import { areaIn, shownText, useLook, withUnit } from './look.ts';
import { DOMESTIC, domesticPieOption, OVERSEAS, regionBarOption, regionBars } from './options/regions.ts';
import { hasData } from './options/theme.ts';
import { ChartBox, Panel, Tabs } from './Panel.tsx';
import { useStatQuery } from './queries.ts';
import styles from './stats.module.css';

export function RegionPanel({
  periods,
  stacked,
  className,
}: {
  periods: readonly StatPeriod[];
  /** Ring above the bars (a narrow panel) instead of beside them. */
  stacked?: boolean;
  className?: string;
}) {
  const look = useLook();
  const [period, setPeriod] = useState<StatPeriod>(periods[0] ?? 'all');
  const [slice, setSlice] = useState(DOMESTIC);
  // The large variant is fixed Chinese: its region names too.
  const language = look.variant === 'large' ? 'zh' : undefined;
  const china = useStatQuery(['region', 'china', period, language], (signal) =>
    statsApi.chinaRegion(period, signal, language),
  );
  const abroad = useStatQuery(['region', 'foreign', period, language], (signal) =>
    statsApi.foreignRegion(period, signal, language),
  );
  const shape = useMemo(
    () => ({
      labels: [look.t('region.domestic'), look.t('region.overseas')] as [string, string],
      convert: (mu: number) => areaIn(look, mu),
      format: (v: number) => shownText(look, v, 2, look.unitLabel),
    }),
    [look],
  );

  const pie = useMemo(() => {
    const c = china.data;
    if (!c || c.domestic + c.foreign <= 0) return null;
    return domesticPieOption(c, { ...shape, selected: slice });
  }, [china.data, slice, shape]);

  const shown = slice === OVERSEAS ? abroad : china;
  const bars = useMemo(() => {
    if (!shown.data) return null;
    const b = regionBars(shown.data, look.hideSmallRegions);
    if (!hasData([b.values])) return null;
    return regionBarOption(b, { ...shape, color: slice === OVERSEAS ? '#ffc53d' : undefined });
  }, [shown.data, look.hideSmallRegions, shape, slice]);

  return (
    <Panel
      title={withUnit(look, look.t('region.title'))}
      className={className}
      testId="stat-regions"
      extra={
        periods.length > 1 ? (
          <Tabs
            value={period}
            onChange={setPeriod}
            options={periods.map((p) => ({ value: p, label: look.t(`period.${p}`) }))}
          />
        ) : undefined
      }
    >
      <div className={stacked ? styles.regionColumn : styles.regionRow}>
        <div className={styles.panelBody}>
          <ChartBox
            option={pie}
            loading={china.isPending}
            onClick={(p) => setSlice(p.dataIndex === OVERSEAS ? OVERSEAS : DOMESTIC)}
          />
        </div>
        <div className={styles.regionBars}>
          {bars && (
            <div className={styles.rankTitle}>
              {shape.labels[slice]} · {look.t(`period.${period}`)}
            </div>
          )}
          <div className={styles.panelBody}>
            <ChartBox option={bars} loading={shown.isPending} />
          </div>
        </div>
      </div>
    </Panel>
  );
}
