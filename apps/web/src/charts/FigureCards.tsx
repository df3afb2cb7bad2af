/**
 * Cards of figures (a label over a value) above a statistics screen's charts: a unified task's
 * chart page, the leasing statistics, SubsidyList. Test ids `<testId>` and `<itemTestId>-<key>`.
 */
import type { CSSProperties, ReactNode } from 'react';
import styles from './FigureCards.module.css';

export interface FigureCard {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export function FigureCards({
  items,
  testId,
  itemTestId = testId,
  minWidth = 150,
}: {
  items: readonly FigureCard[];
  testId: string;
  /** Each card's test id before `-<key>` (default: testId). */
  itemTestId?: string;
  /** Narrowest a card may get, px. */
  minWidth?: number;
}) {
  return (
    <div
      className={styles.figures}
      data-testid={testId}
      style={{ '--figure-min': `${minWidth}px` } as CSSProperties}
    >
      {items.map((f) => (
        <div key={f.key} className={styles.figure} data-testid={`${itemTestId}-${f.key}`}>
          <div className={styles.figureLabel}>{f.label}</div>
          <div className={styles.figureValue}>{f.value}</div>
        </div>
      ))}
    </div>
  );
}
