/** Kysely table types of migration 0025_orders (Orders and invoices). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by issue 12's orders work
export interface OrderTables {}
