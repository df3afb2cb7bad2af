export { ringsAreaM2 } from './area.ts';
export { planGroupRoute } from './planGroupRoute.ts';
export * from './types.ts';
