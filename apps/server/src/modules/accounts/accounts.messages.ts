/** Server messages of the accounts module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const ACCOUNT_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
