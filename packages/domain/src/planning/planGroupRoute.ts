/** Placeholder until the planner lands (issue 11): answers `tooSmall` for every block. */
import type { PlanGroupRoute } from './types.ts';

export const planGroupRoute: PlanGroupRoute = () => ({ ok: false, issue: { code: 'tooSmall', params: {} } });
