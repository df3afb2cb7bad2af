/** Server messages of the approvals module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const APPROVAL_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
