/** Kysely table types of migration 0023_members_teams (Members and teams). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by issue 12's members work
export interface MemberTables {}
