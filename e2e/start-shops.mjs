// Starts the journeys' servers side by side and says when all of them are ready (playwright.config.ts).
// Playwright starts its webServers one after another, each once the last answers: five servers, three of them
// making their staff first on a fresh database, took some 110 s before the first journey. Here they start
// together; once every one answers its address, this answers GET /ready on E2E_SHOPS_READY_PORT. Playwright
// ends the process group at the end of the run, these servers with it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

/** @type {{ name: string; command: string; url: string; env: Record<string, string> }[]} */
const servers = JSON.parse(process.env.E2E_SHOPS ?? '[]');
const readyPort = Number(process.env.E2E_SHOPS_READY_PORT);

let stopping = false;
const children = servers.map((server) => {
  const child = spawn('sh', ['-c', server.command], {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${server.name} stopped before the journeys ended (${signal ?? code})`);
    stop(1);
  });
  return child;
});

function stop(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function answers(url) {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all(servers.map((server) => answers(server.url)));
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ready');
}).listen(readyPort, '127.0.0.1');
