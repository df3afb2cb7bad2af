/** Server messages of the orders module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const ORDER_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
