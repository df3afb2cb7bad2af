/**
 * The panels of each variant (001 §2):
 * large: 1 rankings (top 6), 2 time of day and modes, 3 caf area over time, 4 regions (all time,
 *   today, this month, this year), 5 side panel;
 * small: 1 rankings (top 3), 4 regions all time with caf area all time and this month, 5 side panel;
 * data: 1 rankings (top 6), 2 time of day and modes, 3 foreign area over time, side panel.
 */
import type { StatPeriod } from '@agrifleet/domain';
import { RankingPanel } from './RankingPanel.tsx';
import { RegionPanel } from './RegionPanel.tsx';
import { SidePanel } from './SidePanel.tsx';
import styles from './stats.module.css';
import { TimeModePanels } from './TimeModePanels.tsx';
import { TrendPanel } from './TrendPanel.tsx';

const TREND_PERIODS: readonly StatPeriod[] = ['all', 'thisYear', 'thisMonth'];
const REGION_PERIODS: readonly StatPeriod[] = ['all', 'today', 'thisMonth', 'thisYear'];

export function LargeBody() {
  return (
    <main className={`${styles.body} ${styles.large}`}>
      <RankingPanel className={styles.rank} />
      <RegionPanel periods={REGION_PERIODS} className={styles.region} />
      <TrendPanel call="caf" periods={TREND_PERIODS} className={styles.trend} />
      <TimeModePanels className={styles.hours} />
      <SidePanel className={styles.side} />
    </main>
  );
}

export function SmallBody() {
  return (
    <main className={`${styles.body} ${styles.small}`}>
      <RankingPanel className={styles.rank} />
      <div className={`${styles.region} ${styles.regionAndTrends}`}>
        <RegionPanel periods={['all']} stacked className={styles.regionBarsArea} />
        <TrendPanel call="caf" periods={['all']} className={styles.trendAll} />
        <TrendPanel call="caf" periods={['thisMonth']} className={styles.trendMonth} />
      </div>
      <SidePanel className={styles.side} />
    </main>
  );
}

export function DataBody() {
  return (
    <main className={`${styles.body} ${styles.data}`}>
      <RankingPanel className={styles.rank} />
      <TrendPanel call="foreign" periods={TREND_PERIODS} className={styles.trend} />
      <TimeModePanels className={styles.hours} />
      <SidePanel className={styles.side} />
    </main>
  );
}
