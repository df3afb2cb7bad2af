/** Server messages of the nofly module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const NOFLY_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
