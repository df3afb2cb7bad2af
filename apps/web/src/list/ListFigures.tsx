/**
 * Figures of the whole filtered set, shown left of a list's toolbar (`ListPage`'s `extra`): the list
 * statistics of the drone list, the totals of drone statistics. Labels are already translated.
 */
import styles from './list.module.css';

export interface ListFigure {
  key: string;
  label: string;
  value: string;
}

export function ListFigures({ items, testId }: { items: readonly ListFigure[]; testId: string }) {
  return (
    <div className={styles.figures} data-testid={testId}>
      {items.map(({ key, label, value }) => (
        <div key={key} className={styles.figure} data-testid={`${testId}-${key}`}>
          <span className={styles.figureLabel}>{label}</span>
          <span className={styles.figureValue}>{value}</span>
        </div>
      ))}
    </div>
  );
}
