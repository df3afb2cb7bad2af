import { type Kysely, sql } from 'kysely';

/**
 * Accounts administration (issue 12): indexes for the account list's filters (001 §3 "Account":
 * accountType, accountName, contactName, userPhone, teamType, search) at 20,000 accounts and 200,000
 * users. "Part of" filters use trigram indexes (pg_trgm, created by 0014); the government's region
 * scope compares the account's province / city / county names (accounts_region_idx).
 * No new table: the account record, its users and its applications already exist (0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS accounts_type_idx ON accounts (account_type, id DESC)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS accounts_name_trgm_idx ON accounts USING gin (account_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS accounts_contact_trgm_idx ON accounts USING gin (contact_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS accounts_region_idx ON accounts (province, city, county)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS users_team_account_idx ON users (team_type, account_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS accounts_contact_phone_trgm_idx ON accounts USING gin (contact_phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS accounts_credit_trgm_idx ON accounts USING gin (credit_code gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const idx of [
    'accounts_type_idx',
    'accounts_name_trgm_idx',
    'accounts_contact_trgm_idx',
    'accounts_region_idx',
    'users_phone_trgm_idx',
    'users_team_account_idx',
    'accounts_contact_phone_trgm_idx',
    'accounts_credit_trgm_idx',
  ])
    await sql`DROP INDEX IF EXISTS ${sql.id(idx)}`.execute(db);
}
