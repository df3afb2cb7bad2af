/** The monitor's region filter (001 §3 monitor query "region"): any level, as a 9-digit code. */
import type { RegionNode } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http.ts';
import styles from './monitor.module.css';

/** Tree ids are plain ISO numbers for countries (156) and 9-digit codes below: the query wants 9 digits. */
export const regionCode = (areaId: number) => (areaId < 1000 ? areaId * 1_000_000 : areaId);

export function RegionFilter({ onChange }: { onChange: (code?: number) => void }) {
  const { t, i18n } = useTranslation('monitor');
  const { data } = useQuery({
    queryKey: ['oper/regions', i18n.language],
    queryFn: () => http.get<RegionNode[]>('oper/regions', undefined, { public: true, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Cascader
      size="small"
      className={styles.filter}
      options={data ?? []}
      fieldNames={{ label: 'areaName', value: 'areaId', children: 'children' }}
      changeOnSelect
      showSearch
      allowClear
      placeholder={t('filter.region')}
      data-testid="filter-region"
      onChange={(path) => {
        const last = (path as number[] | undefined)?.at(-1);
        onChange(last === undefined ? undefined : regionCode(last));
      }}
    />
  );
}
