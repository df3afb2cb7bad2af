/** The building blocks of the statistics screens: a panel, period tabs, a chart or its placeholder. */
import type { ReactNode } from 'react';
import { EChart, type EChartOption } from '../../charts/EChart.tsx';
import { useLook } from './look.ts';
import { useScale } from './scale.ts';
import styles from './stats.module.css';

export function Panel({
  title,
  extra,
  className,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`${styles.panel} ${className ?? ''}`} data-testid={testId} aria-label={title}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{title}</h2>
        {extra}
      </div>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}

export function Tabs<T extends string>({
  value,
  options,
  onChange,
  vertical,
}: {
  value: T;
  /** A column beside the chart instead of a row in the heading. */
  vertical?: boolean;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div className={vertical ? styles.tabsVertical : styles.tabs} role="tablist">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={`${styles.tab} ${o.value === value ? styles.tabActive : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A chart filling its box, or the empty placeholder ('暂无数据', translated but in the large variant).
 * Its text and marks grow with the screen's scale, as the rest of the screen does.
 */
export function ChartBox({
  option,
  loading,
  onClick,
}: {
  /** null: no data. */
  option: EChartOption | null;
  loading?: boolean;
  onClick?: (params: { dataIndex: number; value: unknown }) => void;
}) {
  const look = useLook();
  const scale = useScale();
  if (!option) {
    return loading ? null : (
      <div className={styles.empty} data-testid="stat-empty">
        {look.t('empty')}
      </div>
    );
  }
  if (scale === 1) {
    return (
      <div className={styles.fill}>
        <EChart option={option} notMerge onClick={onClick} style={{ width: '100%', height: '100%' }} />
      </div>
    );
  }
  // Above the design size the chart is laid out at design size and drawn `scale` times larger (its
  // text, bars and tooltip grow with the screen), at `scale` times the pixels, so it stays sharp.
  const box = `${100 / scale}%`;
  return (
    <div className={styles.fill}>
      <div style={{ width: box, height: box, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
        <EChart
          option={option}
          notMerge
          onClick={onClick}
          devicePixelRatio={(window.devicePixelRatio || 1) * scale}
          style={{ width: '100%', height: '100%' }}
        />
      </div>
    </div>
  );
}
