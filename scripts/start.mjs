// `npm start`: install if needed, build the web app if needed, then run the server (embedded
// PostgreSQL and demo data unless DATABASE_URL says otherwise). Signals go to the server.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
