/** Kysely table types of migration 0021_accounts (Accounts: list, detail, create, sub-companies, enable, delete, rental options, merge manufacturer, own account). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by issue 12's accounts work
export interface AccountAdminTables {}
