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

/**
 * Names from the country down to the region of `code`, in the tree's language (null when the tree lacks
 * it). The tree is the one translated source of region names (oper/regions: provinces translated, cities
 * and counties romanised where a language has no names of its own, no placeholder levels).
 */
export function regionNames(tree: RegionNode[], code: number): string[] | null {
  for (const node of tree) {
    if (regionCodeOf(node.areaId) === code) return [node.areaName];
    const below = node.children ? regionNames(node.children, code) : null;
    if (below) return [node.areaName, ...below];
  }
  return null;
}

/** The region of `code` as a path for display, "China / Jiangsu / Yancheng" (null when unknown). */
export const regionLabel = (tree: RegionNode[] | undefined, code: number | null | undefined) =>
  tree && code ? (regionNames(tree, code)?.join(' / ') ?? null) : null;
