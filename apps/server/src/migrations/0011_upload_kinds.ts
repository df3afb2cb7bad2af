import { type Kysely, sql } from 'kysely';

/**
 * Uploads get a kind (issue 9, finding 17): 'image' (avatars, logos, licences, served by URL) or
 * 'picture' (a drone's working pictures, served only on a signed URL). The sweep of unreferenced
 * uploads looks them up by age and drone pictures by URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE uploads ADD COLUMN kind text NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'picture'))`.execute(
    db,
  );
  await sql`CREATE INDEX drone_pictures_url_idx ON drone_pictures (url)`.execute(db);
  await sql`CREATE INDEX uploads_created_idx ON uploads (created_at)`.execute(db);
  await sql`
    UPDATE uploads u SET kind = 'picture'
    WHERE EXISTS (
      SELECT 1 FROM drone_pictures p
      WHERE p.url = '/api/files/' || u.id::text || CASE u.mime WHEN 'image/png' THEN '.png' ELSE '.jpg' END
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS uploads_created_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS drone_pictures_url_idx`.execute(db);
  await sql`ALTER TABLE uploads DROP COLUMN IF EXISTS kind`.execute(db);
}
