/** Monitor query filters (001 §3): manufacturer, owner, device type, model; kept for the session. */
import type { MonitorQuery } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import styles from './monitor.module.css';
import { RegionFilter } from './RegionFilter.tsx';

interface Options {
  manufacturers: Array<{ id: number; name: string }>;
  owners: Array<{ id: number; name: string }>;
  models: Array<{ id: number; name: string }>;
  deviceTypes: number[];
}

export type MonitorFilters = Pick<
  MonitorQuery,
  'region' | 'zzAccountId' | 'yyAccountId' | 'deviceType' | 'flyModelId'
>;

export function FilterBar({
  value,
  onChange,
}: {
  value: MonitorFilters;
  onChange: (v: MonitorFilters) => void;
}) {
  const { t } = useTranslation('monitor');
  const { data } = useQuery({
    queryKey: ['monitor', 'filters'],
    queryFn: () => http.get<Options>('drone/mointor/manage/filters', undefined, { silent: true }),
    staleTime: 300_000,
  });
  const select = (
    key: keyof MonitorFilters,
    placeholder: string,
    options: Array<{ value: number; label: string }>,
  ) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      size="small"
      className={styles.filter}
      placeholder={placeholder}
      value={value[key]}
      options={options}
      onChange={(v?: number) => onChange({ ...value, [key]: v })}
      data-testid={`filter-${key}`}
    />
  );
  return (
    <Space className={styles.filters} wrap>
      <RegionFilter onChange={(region) => onChange({ ...value, region })} />
      {select(
        'zzAccountId',
        t('filter.manufacturer'),
        (data?.manufacturers ?? []).map((o) => ({ value: o.id, label: o.name })),
      )}
      {select(
        'yyAccountId',
        t('filter.owner'),
        (data?.owners ?? []).map((o) => ({ value: o.id, label: o.name })),
      )}
      {select(
        'flyModelId',
        t('filter.model'),
        (data?.models ?? []).map((o) => ({ value: o.id, label: o.name })),
      )}
      {select(
        'deviceType',
        t('filter.deviceType'),
        (data?.deviceTypes ?? []).map((d) => ({ value: d, label: t('deviceType', { n: d }) })),
      )}
    </Space>
  );
}
