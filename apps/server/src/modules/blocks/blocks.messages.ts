/** Server messages of the blocks module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const BLOCK_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
