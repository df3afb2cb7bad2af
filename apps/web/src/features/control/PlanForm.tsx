/**
 * The parameters of a group route: the edge the passes run parallel to (alignEdgeIndex; also by a
 * click on the edge on the map), the home point (a click on the map; back to the default), the number
 * of drones, swath width, speed, height and dosage.
 */
import { PLAN_LIMITS, type RouteParams } from '@agrifleet/domain';
import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Edge } from './planGeo.ts';

export type PlanParams = Required<Omit<RouteParams, 'tankL'>>;

export interface PlanFormProps {
  value: PlanParams;
  edges: readonly Edge[];
  onChange: (patch: Partial<PlanParams>) => void;
  onDefaultHome: () => void;
}

export function PlanForm({ value, edges, onChange, onDefaultHome }: PlanFormProps) {
  const { t } = useTranslation('control');
  const num = (
    name: 'droneCount' | 'width' | 'speed' | 'height' | 'dosage',
    min: number,
    max: number,
    step: number,
    unit: string,
  ) => (
    <Form.Item
      label={unit ? `${t(`field.${name}`)} (${unit})` : t(`field.${name}`)}
      style={{ marginBottom: 8 }}
    >
      <InputNumber
        min={min}
        max={max}
        step={step}
        value={value[name]}
        precision={name === 'droneCount' ? 0 : undefined}
        onChange={(v) => {
          if (typeof v === 'number' && Number.isFinite(v)) onChange({ [name]: v });
        }}
        style={{ width: '100%' }}
        data-testid={`plan-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" data-testid="plan-form">
      <Form.Item label={t('field.alignEdge')} extra={t('hint.edge')} style={{ marginBottom: 8 }}>
        <Select
          value={value.alignEdgeIndex}
          onChange={(v) => onChange({ alignEdgeIndex: v })}
          options={edges.map((e) => ({
            value: e.index,
            label: t('edge', { n: e.index + 1, length: Math.round(e.lengthM) }),
          }))}
          data-testid="plan-edge"
        />
      </Form.Item>
      <Form.Item label={t('field.home')} extra={t('hint.home')} style={{ marginBottom: 8 }}>
        <Space>
          <span data-testid="plan-home">
            {value.home[0].toFixed(6)}, {value.home[1].toFixed(6)}
          </span>
          <Button size="small" onClick={onDefaultHome} data-testid="plan-home-default">
            {t('homeDefault')}
          </Button>
        </Space>
      </Form.Item>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
        {num('droneCount', 1, PLAN_LIMITS.maxDrones, 1, '')}
        {num('width', PLAN_LIMITS.minWidthM, PLAN_LIMITS.maxWidthM, 0.5, 'm')}
        {num('speed', PLAN_LIMITS.minSpeedMps, PLAN_LIMITS.maxSpeedMps, 0.5, 'm/s')}
        {num('height', PLAN_LIMITS.minHeightM, PLAN_LIMITS.maxHeightM, 0.5, 'm')}
        {num('dosage', PLAN_LIMITS.minDosageLPerMu, PLAN_LIMITS.maxDosageLPerMu, 0.1, t('unit.dosage'))}
      </div>
    </Form>
  );
}
