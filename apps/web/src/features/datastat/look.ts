/** Texts of stat item settings as the list and the detail show them. Pure: tested in config.test.ts. */
import { DATASTAT_PERIOD_TYPES, type DatastatPeriodType } from '@agrifleet/domain';
import { statDayOf } from '../../lib/statDay.ts';
import type { Translate } from '../../list/columns.ts';

/** Refresh intervals offered (seconds; 0 = by hand), within 0 or DATASTAT_MIN_REFRESH..DATASTAT_MAX_REFRESH. */
export const REFRESH_CHOICES = [0, 60, 300, 600, 1800, 3600, 21_600, 86_400] as const;

/** How often an open detail refreshes itself. */
export function refreshText(seconds: number, t: Translate): string {
  if (seconds <= 0) return t('datastat:refresh.manual');
  if (seconds % 3600 === 0) return t('datastat:refresh.hours', { n: seconds / 3600 });
  if (seconds % 60 === 0) return t('datastat:refresh.minutes', { n: seconds / 60 });
  return t('datastat:refresh.seconds', { n: seconds });
}

const day = (ms: number | null) => (ms === null ? '' : statDayOf(ms));

/** The period of an item: its name, or the days of a custom range. */
export function periodText(
  item: { periodType: number; startTime: number | null; endTime: number | null },
  t: Translate,
) {
  if (item.periodType === 1) return `${day(item.startTime)} ~ ${day(item.endTime)}`;
  const name = DATASTAT_PERIOD_TYPES[item.periodType as DatastatPeriodType];
  return name ? t(`datastat:period.${name}`) : String(item.periodType);
}
