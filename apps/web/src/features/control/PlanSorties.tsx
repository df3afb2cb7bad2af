/**
 * A drone's share of a route plan as the sorties it flies (issue 21): "3 sorties · 2 refills", then
 * each sortie's volume and estimated flight time (domain `droneSorties`), never wrapped mid-word. For
 * the route plan's per-drone table (PlanTable.tsx).
 */
import { type DroneRoute, droneSorties, formatSeconds, type Language } from '@agrifleet/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import styles from './control.module.css';

/** Sorties listed one by one up to this many; beyond, the first few and a count of the rest. */
const LISTED = 6;

export function DroneSortiesCell({ route, tankL }: { route: DroneRoute; tankL: number }) {
  const { t } = useTranslation('control');
  const lng = currentLanguage() as Language;
  const { sorties, refills } = droneSorties(route, tankL);
  const shown = sorties.length > LISTED ? sorties.slice(0, LISTED - 1) : sorties;
  return (
    <div style={{ whiteSpace: 'nowrap' }} data-testid="plan-drone-sorties">
      <div>{t('planSorties.summary', { count: sorties.length, refills })}</div>
      {shown.map((s) => (
        <div key={s.n} className={styles.hint}>
          {t('planSorties.sortie', {
            n: s.n,
            volume: s.volumeL.toFixed(1),
            time: formatSeconds(Math.round(s.flightTimeS), lng),
          })}
        </div>
      ))}
      {shown.length < sorties.length ? (
        <div className={styles.hint}>{t('planSorties.more', { count: sorties.length - shown.length })}</div>
      ) : null}
    </div>
  );
}
