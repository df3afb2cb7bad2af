/**
 * Panel 3 (001 §2): area over time of the caf category or of the area flown abroad: all time (per
 * year), this year (per month), this month (per day). With one period it shows that period; with
 * several, tabs choose. All time and this year are bars, this month a line.
 */
import type { StatPeriod } from '@agrifleet/domain';
import { useMemo, useState } from 'react';
import { statsApi } from './api.ts';
import { areaIn, shownText, useLook, withUnit } from './look.ts';
import { areaSeriesOption } from './options/series.ts';
import { hasData } from './options/theme.ts';
import { ChartBox, Panel, Tabs } from './Panel.tsx';
import { useStatQuery } from './queries.ts';

export type TrendCall = 'caf' | 'foreign';

export function TrendPanel({
  call,
  periods,
  className,
}: {
  call: TrendCall;
  periods: readonly StatPeriod[];
  className?: string;
}) {
  const look = useLook();
  const [period, setPeriod] = useState<StatPeriod>(periods[0] ?? 'all');
  const { data, isPending } = useStatQuery([call, period], (signal) =>
    call === 'caf' ? statsApi.cafArea(period, signal) : statsApi.foreignArea(period, signal),
  );
  const option = useMemo(() => {
    if (!data?.xData.length || !hasData(data.yData)) return null;
    return areaSeriesOption(data, {
      kind: period === 'thisMonth' ? 'line' : 'bar',
      convert: (mu) => areaIn(look, mu),
      format: (v) => shownText(look, v, 2, look.unitLabel),
    });
  }, [data, look, period]);
  const title = withUnit(look, look.t(`${call}.title`));
  return (
    <Panel
      title={periods.length === 1 ? `${title} · ${look.t(`period.${period}`)}` : title}
      className={className}
      testId={`stat-${call}-${periods.join('-')}`}
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
      <ChartBox option={option} loading={isPending} />
    </Panel>
  );
}
