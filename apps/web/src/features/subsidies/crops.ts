/**
 * Crop names for the rate table and the evidence. Until the crop lookup (features/lookups useCrops)
 * is on main, the blocks' fixed crop list (same ids) names them.
 */
import { BLOCK_CROPS } from '@agrifleet/domain';
import { useMemo } from 'react';
import type { Translate } from '../../list/columns.ts';

export interface CropOption {
  value: number;
  label: string;
}

export function useCropOptions(t: Translate): CropOption[] {
  return useMemo(() => BLOCK_CROPS.map((id) => ({ value: id, label: t(`blocks:crop.${id}`) })), [t]);
}
