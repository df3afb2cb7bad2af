/** What the leasing module's parts get from index.ts: the organisation dependencies and the drone commands. */
import type { Commands } from '../../telemetry/commands/types.ts';
import type { OrgDeps } from '../orgDeps.ts';

export interface LeasingDeps extends OrgDeps {
  commands: Commands;
}
