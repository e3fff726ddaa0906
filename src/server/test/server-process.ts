import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Runs the real server (src/server/main.ts, compiled into dist/server/main.mjs) as a child process, for what app.inject cannot show:
// durability across kill -9, the data folder lock, start-up errors and graceful shutdown.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `prefix`: a command the server is started through (e.g. `unshare -m …` to see a folder read-only). */
export function startServer(env: Record<string, string>, prefix: string[] = []): ServerProcess {
  const port = Number(env.PORT);
  let output = '';
  // The compiled server (scripts/build-server.mjs, built by the suite's global setup), as `npm start` runs it.
  const command = [...prefix, process.execPath, '--enable-source-maps', 'dist/server/main.mjs'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/**
 * Waits for the server's /readyz. The bound is generous: a server starting beside a full test suite on two
 * cores (compiling its TypeScript, migrating a fresh database) has been seen to take over a minute, and
 * this waits for readiness, never for a fixed time.
 */
export async function waitReady(server: ServerProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
}
