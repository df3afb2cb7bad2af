/** Server messages of the control module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const CONTROL_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
