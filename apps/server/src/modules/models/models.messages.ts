/** Server messages of the models module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const MODEL_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
