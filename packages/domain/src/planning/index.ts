export { ringsAreaM2 } from './area.ts';
/** Sprayed area outside the block of a plan as stored (its legs): for plans stored without the figure. */
export { sprayedOutsideM2 as planSprayedOutsideM2 } from './measure.ts';
export { planGroupRoute } from './planGroupRoute.ts';
export { type DroneSorties, droneSorties, type PlannedSortie } from './sorties.ts';
export * from './types.ts';
