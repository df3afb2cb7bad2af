// Makes a fresh clone runnable: installs dependencies when missing or stale, builds the web app
// when its sources changed since the last build. Only Node built-ins here: it runs before install.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node options of the console's process (npm start, npm run cluster). A young generation of 32 MiB
 * a half instead of 16: a forwarded batch's points live until their owner answers, and more of them
 * died young (bench/cluster-throughput.ts, two cluster processes, 2026-11-29: 21,794 and 18,974
 * points per console CPU-second against 18,760 and 17,253 without; one process unchanged, 45,072
 * and 42,683 against 43,944 and 43,575). At most 64 MiB more memory.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(lock)) return;
  // `npm install`, not `npm ci`: npm 11 writes a lock without the other platforms' optional
  // packages (biome, rolldown) and then refuses it in `npm ci`; install follows the lock all the same.
  console.log('Installing dependencies (npm install)...');
  execFileSync(npm, ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}

/** Whether a built web app says it is a production build (apps/web/vite.config.ts writes build.json). */
export function isProductionBuild(dist) {
  try {
    return JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')).production === true;
  } catch {
    return false;
  }
}

export function ensureWebBuilt({ force = false } = {}) {
  const web = join(root, 'apps', 'web');
  const built = mtime(join(web, 'dist', 'index.html'));
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    mtime(join(web, 'index.html')),
    mtime(join(web, 'vite.config.ts')),
    newest(join(root, 'packages', 'domain', 'src')),
    mtime(join(root, 'package-lock.json')),
  );
  // A development build (one made under NODE_ENV=test before issue 21, or by hand) is rebuilt.
  if (!force && built > sources && isProductionBuild(join(web, 'dist'))) return;
  console.log('Building the web app...');
  execFileSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
