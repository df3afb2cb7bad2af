/**
 * Panel 1 (001 §2): six area rankings (devices and pilots, all time, this year, this month), the
 * top 6 in a 2 x 3 grid, or the top 3 in a row that scrolls sideways with the wheel (small variant).
 */
import type { DroneRankRow, PilotRankRow } from '@agrifleet/domain';
import { useMemo, useRef } from 'react';
import { type RankPeriod, statsApi } from './api.ts';
import { areaIn, shown, useLook, withUnit } from './look.ts';
import { rankingOption } from './options/ranking.ts';
import { ChartBox, Panel } from './Panel.tsx';
import { useStatQuery } from './queries.ts';
import styles from './stats.module.css';
import { useWheelToHorizontal } from './wheel.ts';

type Kind = 'drone' | 'pilot';
const RANKINGS: ReadonlyArray<{ kind: Kind; period: RankPeriod; key: string }> = [
  { kind: 'drone', period: 'all', key: 'droneAll' },
  { kind: 'drone', period: 'thisYear', key: 'droneThisYear' },
  { kind: 'drone', period: 'thisMonth', key: 'droneThisMonth' },
  { kind: 'pilot', period: 'all', key: 'pilotAll' },
  { kind: 'pilot', period: 'thisYear', key: 'pilotThisYear' },
  { kind: 'pilot', period: 'thisMonth', key: 'pilotThisMonth' },
];

export function RankingPanel({ className }: { className?: string }) {
  const look = useLook();
  const row = useRef<HTMLDivElement>(null);
  useWheelToHorizontal(row);
  const scrolls = look.rankSize === 3;
  return (
    <Panel title={withUnit(look, look.t('rank.title'))} className={className} testId="stat-rankings">
      <div ref={row} className={scrolls ? styles.rankRow : styles.rankGrid}>
        {RANKINGS.map((r) => (
          <RankCard key={r.key} kind={r.kind} period={r.period} title={look.t(`rank.${r.key}`)} />
        ))}
      </div>
    </Panel>
  );
}

function RankCard({ kind, period, title }: { kind: Kind; period: RankPeriod; title: string }) {
  const look = useLook();
  const size = look.rankSize;
  const { data, isPending } = useStatQuery<Array<DroneRankRow | PilotRankRow>>(
    ['rank', kind, period, size],
    (signal) =>
      kind === 'drone' ? statsApi.droneRank(period, size, signal) : statsApi.pilotRank(period, size, signal),
  );
  const option = useMemo(() => {
    if (!data?.length) return null;
    const items = data.slice(0, size).map((r) => ({
      name: 'droneId' in r ? r.droneId : r.userName,
      value: areaIn(look, r.sprayArea),
    }));
    return rankingOption(items, (v) => shown(look, v, 2).text);
  }, [data, look, size]);
  return (
    <div className={styles.rankCard} data-testid={`rank-${kind}-${period}`} data-rows={data?.length ?? 0}>
      <div className={styles.rankTitle}>{title}</div>
      <div className={styles.panelBody}>
        <ChartBox option={option} loading={isPending} />
      </div>
    </div>
  );
}
