/**
 * What a plan comes to: coverage, overlap, area sprayed outside the block and passes of the whole plan, and per drone (in its map
 * colour) distance, flight time, spray volume, sorties and area; or the issue that stopped planning,
 * translated.
 */
import {
  convertArea,
  type DroneRoute,
  formatSeconds,
  type Language,
  PLAN_LIMITS,
  type PlanIssue,
  type RoutePlan,
  squareMetresToMu,
} from '@agrifleet/domain';
import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { useAreaUnit } from '../../lib/settings.ts';
import styles from './control.module.css';
import { DroneSortiesCell } from './PlanSorties.tsx';
import { droneColor, planFigures } from './planGeo.ts';

/** The bounds a message names, when the issue does not carry them. */
const LIMITS: Record<string, Record<string, number>> = {
  droneCount: { min: 1, max: PLAN_LIMITS.maxDrones },
  width: { min: PLAN_LIMITS.minWidthM, max: PLAN_LIMITS.maxWidthM },
  speed: { min: PLAN_LIMITS.minSpeedMps, max: PLAN_LIMITS.maxSpeedMps },
  height: { min: PLAN_LIMITS.minHeightM, max: PLAN_LIMITS.maxHeightM },
  dosage: { min: PLAN_LIMITS.minDosageLPerMu, max: PLAN_LIMITS.maxDosageLPerMu },
  homeFar: { max: PLAN_LIMITS.maxHomeDistanceM },
  tooManyPasses: { max: PLAN_LIMITS.maxPasses },
  tooManyHoles: { max: PLAN_LIMITS.maxHoles },
};

export function PlanIssueAlert({ issue }: { issue: PlanIssue }) {
  const { t } = useTranslation('control');
  const vars = { min: 0, max: 0, ...LIMITS[issue.code], ...issue.params };
  return (
    <Alert
      type="warning"
      showIcon
      title={t(`issue.${issue.code}`, vars)}
      data-testid="plan-issue"
      data-code={issue.code}
    />
  );
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function PlanFiguresView({ plan }: { plan: RoutePlan }) {
  const { t } = useTranslation(['control', 'common']);
  const unit = useAreaUnit();
  const f = planFigures(plan);
  const lng = currentLanguage() as Language;
  const items: [string, string][] = [
    ['coverage', pct(f.coverage)],
    ['overlap', pct(f.overlap)],
    ['outside', f.outsideM2 === null ? '—' : `${f.outsideM2.toFixed(1)} m²`],
    ['passes', String(f.passes)],
    [
      'blockArea',
      `${convertArea(squareMetresToMu(plan.blockAreaM2), unit).toFixed(2)} ${t(`common:areaUnit.${unit}`)}`,
    ],
    ['longest', formatSeconds(Math.round(f.flightTimeS), lng)],
    ['balance', `±${pct(f.imbalance)}`],
  ];
  return (
    <div className={styles.figures} data-testid="plan-figures">
      {items.map(([k, v]) => (
        <div key={k} className={styles.figure} data-testid={`plan-figure-${k}`}>
          <b>{v}</b>
          <span>{t(`figure.${k}`)}</span>
        </div>
      ))}
    </div>
  );
}

export function PlanDroneTable({ plan }: { plan: RoutePlan }) {
  const { t } = useTranslation(['control', 'common']);
  const unit = useAreaUnit();
  const lng = currentLanguage() as Language;
  const unitLabel = t(`common:areaUnit.${unit}`);
  return (
    <Table<DroneRoute>
      size="small"
      rowKey="index"
      data-testid="plan-drones"
      dataSource={plan.routes}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'drone',
          title: t('col.planDrone'),
          render: (_, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <span className={styles.swatch} style={{ borderColor: droneColor(r.index) }} />
              {t('droneN', { n: r.index + 1 })}
            </span>
          ),
        },
        {
          key: 'distance',
          title: t('col.distance'),
          align: 'right',
          render: (_, r) => `${(r.distanceM / 1000).toFixed(2)} km`,
        },
        {
          key: 'time',
          title: t('col.flightTime'),
          align: 'right',
          render: (_, r) => (
            <span style={{ whiteSpace: 'nowrap' }}>{formatSeconds(Math.round(r.flightTimeS), lng)}</span>
          ),
        },
        {
          key: 'volume',
          title: t('col.volume'),
          align: 'right',
          render: (_, r) => `${r.sprayVolumeL.toFixed(1)} L`,
        },
        {
          key: 'sorties',
          title: t('col.sorties'),
          render: (_, r) => <DroneSortiesCell route={r} tankL={plan.tankL} />,
        },
        {
          key: 'area',
          title: t('col.area', { unit: unitLabel }),
          align: 'right',
          render: (_, r) => convertArea(squareMetresToMu(r.sprayAreaM2), unit).toFixed(2),
        },
      ]}
    />
  );
}
