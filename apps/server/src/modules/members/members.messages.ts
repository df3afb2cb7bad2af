/** Server messages of the members module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const MEMBER_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
