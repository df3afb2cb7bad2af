/** Kysely table types of the commands tables (the issue 10 migrations). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the commands migration's tables
export interface CommandsTables {}
