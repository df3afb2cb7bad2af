import type { RegionNode } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { regionLabel, regionNames, regionPath } from './region.ts';

const tree: RegionNode[] = [
  {
    areaId: 156,
    areaName: 'China',
    children: [
      {
        areaId: 156650000,
        areaName: 'Xinjiang',
        children: [{ areaId: 156659001, areaName: 'Shihezi' }],
      },
      {
        areaId: 156320000,
        areaName: 'Jiangsu',
        children: [
          { areaId: 156320900, areaName: 'Yancheng', children: [{ areaId: 156320924, areaName: 'Sheyang' }] },
        ],
      },
    ],
  },
  { areaId: 764, areaName: 'Thailand' },
];

describe('region paths', () => {
  it('names the path from the country down to a code, in the tree language', () => {
    expect(regionNames(tree, 156320924)).toEqual(['China', 'Jiangsu', 'Yancheng', 'Sheyang']);
    expect(regionLabel(tree, 156659001)).toBe('China / Xinjiang / Shihezi');
    expect(regionLabel(tree, 764000000)).toBe('Thailand');
    expect(regionPath(tree, 156320900)).toEqual([156, 156320000, 156320900]);
  });

  it('answers null for an unknown code, no code or no tree yet', () => {
    expect(regionLabel(tree, 156999999)).toBeNull();
    expect(regionLabel(tree, null)).toBeNull();
    expect(regionLabel(undefined, 156320900)).toBeNull();
  });
});
