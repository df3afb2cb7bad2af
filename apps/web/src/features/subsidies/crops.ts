/** Crop names for the rate table and the evidence: the crop catalogue (features/lookups useCrops). */
import { useCrops } from '../lookups/useCatalog.ts';

export interface CropOption {
  value: number;
  label: string;
}

export function useCropOptions(): { options: CropOption[]; nameOf: (id: number) => string } {
  const crops = useCrops();
  return { options: crops.options as CropOption[], nameOf: crops.nameOf };
}
