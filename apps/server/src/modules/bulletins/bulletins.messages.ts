/** Server messages of the bulletins module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const BULLETIN_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
