/**
 * Region codes in the region tree (oper/regions): countries have their ISO number as areaId (156),
 * everything below its 9-digit code; a filter always holds the 9-digit code (156000000).
 */
import type { RegionNode } from '@agrifleet/domain';

export const regionCodeOf = (areaId: number) => (areaId < 1000 ? areaId * 1_000_000 : areaId);

/** The areaIds from the root down to the node of `code` ([] when the tree lacks it). */
export function regionPath(tree: RegionNode[], code: number): number[] {
  for (const node of tree) {
    if (regionCodeOf(node.areaId) === code) return [node.areaId];
    const below = node.children ? regionPath(node.children, code) : [];
    if (below.length) return [node.areaId, ...below];
  }
  return [];
}
