/**
 * DroneStatistics (/data_stat_manage/data-stat-list/~/drone-statistics, 001 §2 "drone statistics with
 * export"): per-drone figures of the caller's scope with filters, sort, totals and the Excel export
 * of the whole filtered set; built on the shared list pattern (src/list, config.ts).
 */
import { type DroneStatPage, formatDate } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaUnit } from '../../../lib/settings.ts';
import type { Translate } from '../../../list/columns.ts';
import { ListFigures } from '../../../list/ListFigures.tsx';
import { ListPage } from '../../../list/ListPage.tsx';
import { droneStatsApi } from './api.ts';
import { droneStatsConfig, shownFigures } from './config.ts';

function Totals({
  page,
  t,
  unitLabel,
  locale,
}: {
  page: DroneStatPage;
  t: Translate;
  unitLabel: string;
  locale: string;
}) {
  const f = shownFigures(useAreaUnit());
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const d = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const items: Array<[string, string]> = [
    ['drones', n.format(page.total)],
    ['flightCount', n.format(page.totals.flightCount)],
    ['flightTime', d.format(f.hours(page.totals.flightTime))],
    ['sprayArea', d.format(f.area(page.totals.sprayArea))],
    ['sprayQuantity', d.format(f.litres(page.totals.sprayQuantity))],
  ];
  return (
    <ListFigures
      testId="drone-stat-total"
      items={items.map(([key, value]) => ({
        key,
        value,
        label: t(`droneStats:total.${key}`, { unit: unitLabel }),
      }))}
    />
  );
}

export default function DroneStatisticsPage() {
  const { t: tr, i18n } = useTranslation(['droneStats', 'list', 'common']);
  const t = tr as unknown as Translate;
  const unit = useAreaUnit();
  const unitLabel = t(`common:areaUnit.${unit}`);
  const choices = useQuery({
    queryKey: ['droneStat', 'filters'],
    queryFn: droneStatsApi.filters,
    staleTime: 300_000,
  });
  const config = useMemo(
    () =>
      droneStatsConfig(
        { unit, unitLabel, locale: i18n.language, t, today: formatDate(Date.now(), 'YYYY-MM-DD') },
        choices.data,
      ),
    [unit, unitLabel, i18n.language, t, choices.data],
  );
  return (
    <ListPage
      config={config}
      title={t('common:screen.DroneStatistics')}
      extra={(page) =>
        page ? <Totals page={page} t={t} unitLabel={unitLabel} locale={i18n.language} /> : null
      }
    />
  );
}
