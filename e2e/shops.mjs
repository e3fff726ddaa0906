// The journeys' shops, started side by side (playwright.config.ts; decision 36). Playwright starts its web
// servers one after another, each once the one before it answers: five shops in a row were about a minute
// before the first journey. This command compiles the server (scripts/build-server.mjs), makes the seeded
// database (E2E_SHOPS.seed: a shell command and its environment), then starts every shop at once, each on its
// own copy, and answers 200 at http://127.0.0.1:E2E_SHOPS.readyPort/ once every shop answers at its own
// address. A shop that exits ends this command with its output; Playwright stops the command's whole
// process group.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { buildServer } from '../scripts/build-server.mjs';

/** @type {{ seed: { command: string, env: Record<string, string> }, readyPort: number, shops: { name: string, command: string, env: Record<string, string>, url: string }[] }} */
const { seed, readyPort, shops } = JSON.parse(process.env.E2E_SHOPS ?? '');

/**
 * A shell command; its output through this one's (standard output to standard output, which Playwright
 * leaves unprinted, as it did a web server's), each line marked with the shop's name.
 */
function start(name, command, env = {}) {
  const child = spawn(command, {
    shell: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`[${name}] ${line}\n`);
    });
  }
  return child;
}

const exited = (child) =>
  new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));

const began = Date.now();
await buildServer();
const seeding = await exited(start('seed', seed.command, seed.env));
if (seeding !== 0) {
  process.stderr.write(`The seeded database was not made (${seeding}).\n`);
  process.exit(1);
}

const seeded = Date.now();
const children = shops.map((shop) => ({ shop, child: start(shop.name, shop.command, shop.env) }));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const { child } of children) child.kill('SIGKILL');
    process.exit(0);
  });
}
for (const { shop, child } of children) {
  void exited(child).then((outcome) => {
    process.stderr.write(`${shop.name} exited (${outcome}).\n`);
    process.exit(1);
  });
}

async function answers(url) {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all(shops.map((shop) => answers(shop.url)));
createServer((_request, response) => response.end('ready\n')).listen(readyPort, '127.0.0.1');
const seconds = (ms) => (ms / 1000).toFixed(1);
process.stderr.write(
  `The seeded database in ${seconds(seeded - began)} s, then all ${shops.length} shops up in ${seconds(Date.now() - seeded)} s.\n`,
);
