import type { Kysely } from 'kysely';

/** drone_registry (issue 10): filled by its helper. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
