/** Kysely table types of the rtk tables (the issue 10 migrations). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by the rtk migration's tables
export interface RtkTables {}
