/** A region choice at any level whose value is the 9-digit code (list filters, form fields). */
import type { RegionNode } from '@agrifleet/domain';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useRegionTree } from '../features/auth/RegionCascader.tsx';
import { regionCodeOf, regionPath } from './region.ts';

interface Props {
  value?: number;
  onChange?: (code: number | undefined) => void;
  placeholder?: string;
  id?: string;
  className?: string;
  'data-testid'?: string;
}

export function RegionFilter({ value, onChange, placeholder, id, className, ...rest }: Props) {
  const regions = useRegionTree();
  const tree = regions.data ?? [];
  const path = useMemo(() => (value && tree.length ? regionPath(tree, value) : []), [tree, value]);
  return (
    <Cascader<RegionNode>
      id={id}
      className={className}
      data-testid={rest['data-testid']}
      options={tree}
      fieldNames={{ label: 'areaName', value: 'areaId', children: 'children' }}
      changeOnSelect
      showSearch
      allowClear
      loading={regions.isLoading}
      placeholder={placeholder}
      value={path.length ? path : undefined}
      onChange={(ids) => {
        const last = (ids as number[] | undefined)?.at(-1);
        onChange?.(last === undefined ? undefined : regionCodeOf(last));
      }}
    />
  );
}
