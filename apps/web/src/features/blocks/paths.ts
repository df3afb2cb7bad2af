/** Where the block screens are: a block's detail and its route planning. */
import { buildPath } from '@agrifleet/domain';

export const blockDetailPath = (blockId: number) => buildPath('BlockDetail', { blockId: String(blockId) });
export const blockRoutePath = (blockId: number) => buildPath('RoutePlanning', { blockId: String(blockId) });
