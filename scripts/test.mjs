// `npm test`: lint, typecheck, unit, API and browser tests (docs/decisions/0024 keeps CI under 20 minutes).
// The checks that need no database and the web build the browser journeys use run side by side first (each
// mostly one core; their output is printed whole as each ends), then the unit and API suites, then the
// browser journeys, alone. With CI_TEST_DATABASE_URL set (.ci/run sets it to its throwaway PostgreSQL server),
// the files of the API suite that depend on the server run a second time on it, beside the first checks:
// those have no time limits and yield the CPU to it (nice), so the server's tests, which start servers and
// wait on them, run as they would alone. Nothing runs beside the journeys, whose waits are timed. The first
// failure stops the run with its output.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const node = (script, ...args) => [process.execPath, [join(root, script), ...args]];
const began = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/**
 * Runs one command; `quiet` keeps its output to print once it ends (for commands that run beside another),
 * `env` replaces the environment, `yielding` runs it (and its children) at a lower priority (nice 10), so a
 * command beside it that waits on timers gets the CPU first.
 */
function run(name, [command, args], { quiet = false, env = process.env, yielding = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const [file, argv] =
      yielding && process.platform !== 'win32' ? ['nice', ['-n', '10', command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: root, stdio: quiet ? 'pipe' : 'inherit', env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    running.add(child);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      if (quiet) process.stdout.write(Buffer.concat(output));
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? code})`;
      console.log(`\n-- ${name}: ${outcome} in ${seconds(started)}s (${seconds(began)}s in)`);
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
const together = (jobs) =>
  Promise.all(jobs.map(([name, command, options]) => run(name, command, { quiet: true, ...options })));

const { CI_TEST_DATABASE_URL: postgres, ...env } = process.env;

try {
  await together([
    ['eslint', [bin('eslint'), ['.', '--max-warnings', '0']], { yielding: Boolean(postgres) }],
    ['prettier', [bin('prettier'), ['--check', '.', '--log-level', 'warn']], { yielding: Boolean(postgres) }],
    ['typecheck', [bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']], { yielding: Boolean(postgres) }],
    ['web build', node('scripts/ensure-web-build.mjs'), { yielding: Boolean(postgres) }],
    ...(postgres
      ? [
          [
            'API tests on PostgreSQL',
            [bin('vitest'), ['run', '--project', 'api']],
            { env: { ...env, TEST_DATABASE_URL: postgres } },
          ],
        ]
      : []),
  ]);
  await run('unit tests', [bin('vitest'), ['run', '--project', 'unit']], { env });
  await run('API tests', [bin('vitest'), ['run', '--project', 'api']], { env });
  await run(
    'browser journeys',
    [process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'test:e2e', '--', ...process.argv.slice(2)]],
    { env },
  );
} catch (error) {
  for (const child of running) child.kill('SIGTERM');
  console.error(`\n${error.message}`);
  process.exit(1);
}
