/** Kysely table types of migration 0022_approvals (Approvals: account applications and user applications). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by issue 12's approvals work
export interface ApprovalTables {}
