/** Server messages of drone commands, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const COMMAND_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
