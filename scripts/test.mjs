// `npm test`: lint, typecheck, unit, API and browser tests (docs/decisions/0024 keeps CI under 20 minutes).
// The checks that need no database and the web build the browser journeys use run side by side first (each
// mostly one core; their output is printed whole as each ends), then the unit, API and browser suites one
// after another. The first failure stops the run with its output.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const node = (script, ...args) => [process.execPath, [join(root, script), ...args]];

/** Runs one command; `quiet` keeps its output to print once it ends (for commands that run side by side). */
function run(name, [command, args], { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: quiet ? 'pipe' : 'inherit', env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    running.add(child);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (quiet) process.stdout.write(Buffer.concat(output));
      console.log(`\n-- ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds}s`);
      if (code === 0) resolve();
      else reject(new Error(`${name} failed`));
    });
  });
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}
const together = (jobs) => Promise.all(jobs.map(([name, command]) => run(name, command, { quiet: true })));

try {
  await together([
    ['eslint', [bin('eslint'), ['.', '--max-warnings', '0']]],
    ['prettier', [bin('prettier'), ['--check', '.', '--log-level', 'warn']]],
    ['typecheck', [bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
    ['web build', node('scripts/ensure-web-build.mjs')],
  ]);
  await run('unit tests', [bin('vitest'), ['run', '--project', 'unit']]);
  await run('API tests', [bin('vitest'), ['run', '--project', 'api']]);
  await run('browser journeys', [
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['run', 'test:e2e', '--', ...process.argv.slice(2)],
  ]);
} catch (error) {
  for (const child of running) child.kill('SIGTERM');
  console.error(`\n${error.message}`);
  process.exit(1);
}
