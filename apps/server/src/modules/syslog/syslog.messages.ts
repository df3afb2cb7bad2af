/** Server messages of the syslog module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const SYSLOG_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
