/** Kysely table types of the nofly tables (the issue 10 migrations). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the nofly migration's tables
export interface NoflyTables {}
