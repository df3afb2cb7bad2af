/**
 * Area units (002 §9): a value in mu, acre, hectare or rai shown in all four (and square metres),
 * with the spec's factors per mu from packages/domain units.ts (PER_MU, the one copy).
 */
import { AREA_UNITS, type AreaUnit, PER_MU, SQUARE_METRES_PER_MU } from '@agrifleet/domain';
import { Card, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaUnit } from '../../lib/settings.ts';

/** Up to 7 decimals, the factors' precision; trailing zeros dropped. */
const show = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 7 });

export function AreaUnits() {
  const { t } = useTranslation(['tools', 'common']);
  const [unit, setUnit] = useState<AreaUnit>(useAreaUnit());
  const [value, setValue] = useState<number | null>(1);
  const mu = value === null ? null : value / PER_MU[unit];
  const rows = [
    ...AREA_UNITS.map((u) => ({ key: u, name: t(`common:areaUnitName.${u}`), factor: PER_MU[u] })),
    { key: 'm2', name: t('tools:area.squareMetres'), factor: SQUARE_METRES_PER_MU },
  ];
  return (
    <Card title={t('tools:area.title')} data-testid="tool-area">
      <Space wrap style={{ marginBottom: 12 }}>
        <InputNumber
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          min={0}
          max={1e12}
          style={{ width: 180 }}
          data-testid="area-value"
          aria-label={t('tools:area.value')}
        />
        <Select
          value={unit}
          onChange={setUnit}
          style={{ width: 120 }}
          data-testid="area-unit"
          options={AREA_UNITS.map((u) => ({ value: u, label: t(`common:areaUnitName.${u}`) }))}
        />
      </Space>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { title: t('tools:area.unit'), dataIndex: 'name' },
          {
            title: t('tools:area.result'),
            key: 'result',
            render: (_, r) => (
              <span data-testid={`area-out-${r.key}`}>{mu === null ? '-' : show(mu * r.factor)}</span>
            ),
          },
          { title: t('tools:area.perMu'), key: 'factor', render: (_, r) => show(r.factor) },
        ]}
      />
    </Card>
  );
}
