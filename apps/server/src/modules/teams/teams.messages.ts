/** Server messages of the teams module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const TEAM_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
