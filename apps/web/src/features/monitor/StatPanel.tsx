/** The monitor's statInfo (001 §3): totals for the caller's fleet under the filters, refreshed every 30 s. */
import { convertArea, formatNumber, type MonitorQuery, secondsToHours } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAreaUnit } from '../../lib/settings.ts';
import { monitorApi } from './api.ts';
import styles from './monitor.module.css';

/**
 * `online` is the live count the monitor socket pushes for the whole scope; with filters chosen the
 * panel shows the server's filtered count instead, like every other figure here.
 */
export function StatPanel({
  query,
  online,
  filtered,
}: {
  query: MonitorQuery;
  online: number;
  filtered: boolean;
}) {
  const { t } = useTranslation(['monitor', 'common']);
  const unit = useAreaUnit();
  const filters = { ...query, minLng: undefined, maxLng: undefined, minLat: undefined, maxLat: undefined };
  const { data } = useQuery({
    queryKey: ['monitor', 'statInfo', filters],
    queryFn: ({ signal }) => monitorApi.statInfo(filters, signal),
    refetchInterval: filtered ? 10_000 : 30_000,
  });
  const s = data?.statInfo;
  const items: Array<[string, string]> = [
    [t('stat.droneNum'), s ? String(s.droneNum) : '-'],
    [
      t('stat.online'),
      filtered ? (s ? String(s.onlineDroneCount) : '-') : String(online || s?.onlineDroneCount || 0),
    ],
    [
      t('stat.area', { unit: t(`common:areaUnit.${unit}`) }),
      s ? formatNumber(convertArea(s.sprayTotalMuNum, unit), 1) : '-',
    ],
    [t('stat.hours'), s ? formatNumber(secondsToHours(s.flyTotalDuration), 1) : '-'],
    [t('stat.volume'), s ? formatNumber(s.flyTotalQuantity, 1) : '-'],
    [t('stat.sorties'), s ? String(s.flySeqTotalNum) : '-'],
  ];
  return (
    <div className={styles.stats} data-testid="monitor-stats">
      {items.map(([label, value]) => (
        <div key={label} className={styles.stat}>
          <div className={styles.statValue}>{value}</div>
          <div className={styles.statLabel}>{label}</div>
        </div>
      ))}
    </div>
  );
}
