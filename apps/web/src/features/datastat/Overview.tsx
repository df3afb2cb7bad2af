/**
 * The overview above the stat item list: headline figures of the caller's scope for today, this
 * month, this year and all time (sorties, area in the user's unit, volume, flight hours, active
 * drones) and the account's items (how many, per show type, refreshing themselves).
 */
import {
  DATASTAT_SHOW_TYPES,
  type DatastatFigures,
  type DatastatOverview,
  SECONDS_PER_HOUR,
} from '@agrifleet/domain';
import { Skeleton } from 'antd';
import type { Translate } from '../../list/columns.ts';
import styles from './datastat.module.css';

const PERIODS = ['today', 'thisMonth', 'thisYear', 'all'] as const;
const FIGURES = ['sorties', 'area', 'volume', 'flightTime', 'activeDrones'] as const;

export function Overview({
  data,
  loading,
  t,
  locale,
}: {
  data: DatastatOverview | undefined;
  loading: boolean;
  t: Translate;
  locale: string;
}) {
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const unit = t(`common:areaUnit.${data?.areaUnit ?? 'mu'}`);
  const value = (f: DatastatFigures, key: (typeof FIGURES)[number]) => {
    if (key === 'sorties' || key === 'activeDrones') return whole.format(f[key]);
    if (key === 'flightTime') return decimal.format(f.flightTime / SECONDS_PER_HOUR);
    return decimal.format(f[key]);
  };
  if (!data)
    return (
      <div className={styles.overview} data-testid="datastat-overview">
        <Skeleton active={loading} paragraph={{ rows: 3 }} />
      </div>
    );
  return (
    <div className={styles.overview} data-testid="datastat-overview">
      {PERIODS.map((period) => (
        <section key={period} className={styles.card} data-testid={`datastat-overview-${period}`}>
          <h3 className={styles.cardTitle}>{t(`datastat:overview.${period}`)}</h3>
          <dl className={styles.figures}>
            {FIGURES.map((key) => (
              <div key={key} className={styles.figure}>
                <dt>{t(`datastat:figure.${key}`, { unit })}</dt>
                <dd data-testid={`datastat-${period}-${key}`}>{value(data[period], key)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <section className={`${styles.card} ${styles.items}`} data-testid="datastat-overview-items">
        <h3 className={styles.cardTitle}>{t('datastat:overview.items')}</h3>
        <div className={styles.itemCount} data-testid="datastat-item-count">
          {whole.format(data.itemCount)}
        </div>
        <dl className={styles.figures}>
          {Object.entries(DATASTAT_SHOW_TYPES).map(([code, name]) => (
            <div key={code} className={styles.figure}>
              <dt>{t(`datastat:show.${name}`)}</dt>
              <dd>{whole.format(data.byShowType[code] ?? 0)}</dd>
            </div>
          ))}
          <div className={styles.figure}>
            <dt>{t('datastat:overview.autoRefresh')}</dt>
            <dd>{whole.format(data.autoRefreshCount)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
