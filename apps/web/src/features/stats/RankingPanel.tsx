/**
 * Panel 1 (001 §2): six area rankings (devices and pilots, all time, this year, this month), the
 * top 6 in a 2 x 3 grid, or the top 3 in a row that scrolls sideways with the wheel (small variant):
 * as many whole cards as fit (all six from about 1600 px wide), the rest scrolled to, none cut.
 */
import type { DroneRankRow, PilotRankRow } from '@agrifleet/domain';
import { type CSSProperties, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { type RankPeriod, statsApi } from './api.ts';
import { areaIn, shown, useLook, withUnit } from './look.ts';
import { rankingOption } from './options/ranking.ts';
import { ChartBox, Panel } from './Panel.tsx';
import { useStatQuery } from './queries.ts';
import { cardsThatFit, useScale } from './scale.ts';
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
  const cards = useCardsThatFit(row, scrolls);
  return (
    <Panel title={withUnit(look, look.t('rank.title'))} className={className} testId="stat-rankings">
      <div
        ref={row}
        className={scrolls ? styles.rankRow : styles.rankGrid}
        style={scrolls ? ({ '--cards': cards } as CSSProperties) : undefined}
        data-cards={scrolls ? cards : undefined}
      >
        {RANKINGS.map((r) => (
          <RankCard key={r.key} kind={r.kind} period={r.period} title={look.t(`rank.${r.key}`)} />
        ))}
      </div>
    </Panel>
  );
}

/** Design px: the narrowest card whose badge, name and value still sit side by side, and the gap. */
const CARD_MIN = 175;
const CARD_GAP = 10;

/** How many whole cards the row shows, as its width changes. */
function useCardsThatFit(row: RefObject<HTMLDivElement | null>, active: boolean): number {
  const scale = useScale();
  const [cards, setCards] = useState(RANKINGS.length);
  useEffect(() => {
    const el = row.current;
    if (!active || !el) return;
    const measure = () =>
      setCards(cardsThatFit(el.clientWidth, CARD_MIN * scale, CARD_GAP * scale, RANKINGS.length));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [row, active, scale]);
  return cards;
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
