/** Server messages of the rtk module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const RTK_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
