import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, waitReady, type ServerProcess } from '../src/server/test/server-process';

export { freePort };

/** The shop as `npm start` runs it (web app built), on a given database. */
export async function startShop(env: Record<string, string>): Promise<ServerProcess> {
  const port = String(await freePort());
  // Pages are loaded on 127.0.0.1: that is the shop's origin (other hosts are redirected to it).
  const server = startServer({
    PORT: port,
    WEB_DIST_DIR: 'dist/web',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  await waitReady(server, 60_000);
  return server;
}

export async function stop(server: { child: ChildProcess }): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface BenchPostgres {
  url: string;
  /** The postmaster's process id (its backends are its children), for the CPU split; null when not ours. */
  postmasterPid: number | null;
  close(): Promise<void>;
}

/** A throwaway PostgreSQL cluster (as .ci/run makes), or BENCH_DATABASE_URL when given. */
export async function postgres(): Promise<BenchPostgres | null> {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, postmasterPid: null, close: async () => {} };
  const bin = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort()
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
        .reverse()
        .find((dir) => existsSync(join(dir, 'initdb')))
    : undefined;
  if (!bin) return null;
  const root = mkdtempSync(join(tmpdir(), 'sfoglia-bench-pg-'));
  chmodSync(root, 0o755);
  const asPostgres = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asPostgres ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : execFileSync(cmd, args);
  if (asPostgres) execFileSync('chown', ['postgres', root]);
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', join(root, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    join(root, 'data'),
    '-l',
    join(root, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    'start',
  ]);
  run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'sfoglia_bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/sfoglia_bench`,
    postmasterPid: Number(readFileSync(join(root, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    close: async () => {
      try {
        run(join(bin, 'pg_ctl'), ['-D', join(root, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Fastify's hello world, for scale: in one process, or in `processes` sharing the port through node:cluster
 * as the shop's WORKERS does, so the two compare fairly.
 */
export async function helloWorld(
  processes = 1,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const port = await freePort();
  // A file, not -e: cluster workers run the primary's script again.
  const dir = mkdtempSync(join(tmpdir(), 'sfoglia-hello-'));
  const file = join(dir, 'hello.cjs');
  const fastify = createRequire(import.meta.url).resolve('fastify');
  const script = `
    const cluster = require('node:cluster');
    const n = ${processes};
    if (n > 1 && cluster.isPrimary) {
      let ready = 0;
      for (let i = 0; i < n; i++) cluster.fork().on('listening', () => { if (++ready === n) console.log('ready'); });
      process.on('SIGTERM', () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
    } else {
      const f = require(${JSON.stringify(fastify)})({ logger: false });
      f.get('/', async () => ({ hello: 'world' }));
      f.listen({ port: ${port}, host: '127.0.0.1' }).then(() => { if (n === 1) console.log('ready'); });
    }`;
  writeFileSync(file, script);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    close: async () => {
      await stop({ child });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** With WORKERS > 1, waits for the primary's banner: every worker is listening (readyz needs only one). */
export async function allWorkersUp(server: ServerProcess, workers: number): Promise<void> {
  if (workers <= 1) return;
  const deadline = Date.now() + 60_000;
  while (!server.output().includes(`${workers} server processes`)) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the shop's ${workers} workers did not all start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
