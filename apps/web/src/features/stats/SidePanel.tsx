/**
 * Panel 5, the side panel (001 §2): eight totals from the monitor detail's statInfo (reloaded at
 * most every 30 s) and today / this month / this year from the overview calls (every 5 min).
 * Totals 1 decimal, hours = seconds / 3600, 10,000 and more in 万 (k / M in English), '-' when
 * missing.
 */
import { hoursOf, type StatInfo, type StatOverview } from '@agrifleet/domain';
import { statsApi } from './api.ts';
import { areaIn, shown, useLook } from './look.ts';
import { Panel } from './Panel.tsx';
import { useStatQuery } from './queries.ts';
import { REFRESH } from './refresh.ts';
import styles from './side.module.css';

/** How a figure shows: its decimals, its unit (area: the look's unit) and how it is computed. */
type Kind = 'count' | 'area' | 'hours' | 'litres';
type UnitKey = 'drone' | 'plot' | 'sortie';

const TOTALS: ReadonlyArray<[keyof StatInfo, Kind, UnitKey?]> = [
  ['droneNum', 'count', 'drone'],
  ['onlineDroneCount', 'count', 'drone'],
  ['plotTotalArea', 'area'],
  ['ploTotalNum', 'count', 'plot'],
  ['flyTotalDuration', 'hours'],
  ['flyTotalQuantity', 'litres'],
  ['sprayTotalMuNum', 'area'],
  ['flySeqTotalNum', 'count', 'sortie'],
];

const PERIOD_ITEMS: ReadonlyArray<[keyof StatOverview, Kind, UnitKey?]> = [
  ['newDroneCount', 'count', 'drone'],
  ['flightTime', 'hours'],
  ['activeDroneCount', 'count', 'drone'],
  ['sprayArea', 'area'],
  ['newBlockCount', 'count', 'plot'],
  ['flightCount', 'count', 'sortie'],
  ['newBlockArea', 'area'],
  ['sprayQuantity', 'litres'],
  ['activeBlockCount', 'count', 'plot'],
];

const PERIODS = ['today', 'thisMonth', 'thisYear'] as const;

function useFigure() {
  const look = useLook();
  return (value: number | undefined, kind: Kind, unitKey?: UnitKey) => {
    if (kind === 'area')
      return shown(look, value === undefined ? null : areaIn(look, value), 1, look.unitLabel);
    if (kind === 'hours') return shown(look, hoursOf(value), 1, look.t('unit.hour'));
    if (kind === 'litres') return shown(look, value, 1, look.t('unit.litre'));
    return shown(look, value, 0, unitKey ? look.t(`unit.${unitKey}`) : '');
  };
}

export function SidePanel({ className }: { className?: string }) {
  const look = useLook();
  const figure = useFigure();
  const { data: info } = useStatQuery(['statInfo'], statsApi.statInfo, REFRESH.statInfoMs);
  return (
    <Panel title={look.t('side.title')} className={className} testId="stat-side">
      <div className={styles.sideBody}>
        <div className={styles.totals} data-testid="stat-totals">
          {TOTALS.map(([key, kind, unit]) => {
            const { text, suffix } = figure(info?.[key], kind, unit);
            return (
              <div key={key} className={styles.total} data-testid={`total-${key}`}>
                <div className={styles.totalValue}>
                  {text}
                  {suffix && <span className={styles.totalUnit}>{suffix}</span>}
                </div>
                <div className={styles.totalLabel}>{look.t(`side.${key}`)}</div>
              </div>
            );
          })}
        </div>
        <div className={styles.blocks}>
          {PERIODS.map((p) => (
            <PeriodBlock key={p} period={p} />
          ))}
        </div>
      </div>
    </Panel>
  );
}

function PeriodBlock({ period }: { period: (typeof PERIODS)[number] }) {
  const look = useLook();
  const figure = useFigure();
  const { data } = useStatQuery(
    ['overview', period],
    (signal) => statsApi.overview(period, signal),
    REFRESH.overviewMs,
  );
  return (
    <div className={styles.block} data-testid={`overview-${period}`}>
      <div className={styles.blockTitle}>{look.t(`period.${period}`)}</div>
      <div className={styles.blockGrid}>
        {PERIOD_ITEMS.map(([key, kind, unit]) => {
          const { text, suffix } = figure(data?.[key], kind, unit);
          return (
            <div key={key}>
              <div className={styles.itemValue}>
                {text}
                {suffix && <span className={styles.itemUnit}>{suffix}</span>}
              </div>
              <div className={styles.itemLabel}>{look.t(`side.${key}`)}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
