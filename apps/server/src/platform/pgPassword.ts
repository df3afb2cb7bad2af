/**
 * The embedded PostgreSQL superuser's password: random per data folder, kept in
 * DATA_DIR/pg-password (mode 0600, the console's user's only). A cluster created before this file
 * existed has the former fixed password: it is changed to the file's on its first start.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** What embedded clusters were created with before the password file (kept only to migrate them). */
export const LEGACY_PASSWORD = 'agrifleet';

export const passwordFile = (dataDir: string) => join(dataDir, 'pg-password');

/** The data folder's password, generated and stored (0600) on first use. */
export function clusterPassword(dataDir: string): string {
  const file = passwordFile(dataDir);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  const password = randomBytes(24).toString('hex');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${password}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return password;
}

const AUTH_FAILED = new Set(['28P01', '28000']);

async function tryConnect(port: number, password: string): Promise<pg.Client | null> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    if (AUTH_FAILED.has((err as { code?: string }).code ?? '')) return null;
    throw err;
  }
}

/**
 * Signs in as the superuser with `password`; a cluster that still has the former fixed password
 * gets `password` set (ALTER USER). Returns the signed-in client (the caller ends it).
 */
export async function adoptPassword(
  port: number,
  password: string,
  dataDir: string,
  onMigrated?: () => void,
): Promise<pg.Client> {
  const client = await tryConnect(port, password);
  if (client) return client;
  const legacy = await tryConnect(port, LEGACY_PASSWORD);
  if (!legacy)
    throw new Error(
      `the embedded PostgreSQL refused the password in ${passwordFile(dataDir)}; restore that file ` +
        '(or remove DATA_DIR/pg to start an empty database)',
    );
  await legacy.query(`ALTER USER postgres WITH PASSWORD ${legacy.escapeLiteral(password)}`);
  onMigrated?.();
  return legacy;
}
