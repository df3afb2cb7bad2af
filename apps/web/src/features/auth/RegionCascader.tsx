/**
 * Region choice country / province / city / county (000 §2) fed by GET oper/regions, loaded once per
 * language. The form value is the slash-joined path of area names (000 §3), e.g. "中国/江苏省/南京市".
 */
import type { RegionNode } from '@agrifleet/domain';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from './api.ts';
import { REGION_SEPARATOR } from './regionPath.ts';

/** The areaIds along a path of names, as far as the tree knows them. */
function idsOf(tree: RegionNode[], path: string): number[] {
  const ids: number[] = [];
  let level: RegionNode[] | undefined = tree;
  for (const name of path.split(REGION_SEPARATOR)) {
    const node: RegionNode | undefined = level?.find((n) => n.areaName === name);
    if (!node) break;
    ids.push(node.areaId);
    level = node.children;
  }
  return ids;
}

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}

/** The region tree in the UI language, loaded once (shared by every region choice). */
export function useRegionTree() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['oper/regions', i18n.language],
    queryFn: authApi.regions,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function RegionCascader({ value, onChange, id }: Props) {
  const { t } = useTranslation('auth');
  const regions = useRegionTree();
  const tree = regions.data ?? [];
  const ids = useMemo(() => (value && tree.length ? idsOf(tree, value) : []), [tree, value]);

  return (
    <Cascader<RegionNode>
      id={id}
      options={tree}
      fieldNames={{ label: 'areaName', value: 'areaId', children: 'children' }}
      changeOnSelect
      showSearch
      loading={regions.isLoading}
      placeholder={t('placeholder.region')}
      value={ids.length ? ids : undefined}
      onChange={(_v, selected) => {
        const names = (selected ?? []).map((n) => n.areaName);
        onChange?.(names.length ? names.join(REGION_SEPARATOR) : undefined);
      }}
    />
  );
}
