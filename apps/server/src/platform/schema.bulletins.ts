/** Kysely table types of migration 0024_bulletins (Bulletins: ordinary and anomaly bulletins, reads, level-1 SMS). */

// biome-ignore lint/suspicious/noEmptyInterface: filled by issue 12's bulletins work
export interface BulletinTables {}
