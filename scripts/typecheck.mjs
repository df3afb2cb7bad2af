// `npm run typecheck`: tsc --noEmit on every project, as many at once as the machine has cores (tsc
// is single-threaded; one after the other took 100 s on the 2-core machine, e2e and bench each
// checking the server's sources again). Each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './prepare.mjs';

const projects = ['apps/server', 'e2e', 'bench', 'apps/web', 'packages/domain'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const queue = [...projects];
const failed = [];

async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', p], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((done) => child.on('close', (c) => done(c ?? 1)));
    process.stdout.write(out);
    console.log(
      `tsc ${p}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (code !== 0) failed.push(p);
  }
}

await Promise.all(
  Array.from({ length: Math.max(1, Math.min(availableParallelism(), projects.length)) }, worker),
);
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
