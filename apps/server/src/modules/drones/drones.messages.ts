/** Server messages of the drones module, in the five languages (merged into platform/messages.ts). */
import type { Language } from '@agrifleet/domain';

export const DRONE_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
