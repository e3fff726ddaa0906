import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort, startServer, waitReady, type ServerProcess } from '../test/server-process';
import { TEST_NOW, WEEKS } from '../test/test-clock';

// The embedded database keeps what it acknowledged: a basket change that got a 2xx survives kill -9.
// The data folder is locked: a second server on it stops with a clear message. Shutdown is graceful. A
// folder it cannot write stops it with one line that names DATA_DIR and says what to do (issue 19 item 28).

const dataDir = mkdtempSync(join(tmpdir(), 'sfoglia-durability-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = startServer({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    SFOGLIA_NOW: TEST_NOW.toISOString(),
  });
  running.push(server);
  await waitReady(server);
  return server;
}

const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  'x-branch': 'web',
  ...(cookie ? { cookie } : {}),
});

test('a basket change acknowledged with a 2xx survives kill -9; the lock is taken over; shutdown is clean', async () => {
  const first = await start();
  const created = await fetch(`${first.url}/api/v2/baskets`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ type: 'RecipeKitBasket', start_subscription: true }),
  });
  expect(created.status).toBe(201);
  const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
  const basketId = ((await created.json()) as { data: { id: string } }).data.id;
  const added = await fetch(`${first.url}/api/v2/baskets/${basketId}/items`, {
    method: 'POST',
    headers: headers(cookie),
    body: JSON.stringify({ product_variant_id: '10011', quantity: 3, meal_week: WEEKS.next }),
  });
  expect(added.status).toBe(201);

  // The moment the 2xx is in hand, the process dies without any chance to flush.
  first.child.kill('SIGKILL');
  await first.exited;
  expect(existsSync(join(dataDir, 'sfoglia.lock'))).toBe(true);

  const second = await start();
  const basket = await fetch(`${second.url}/api/v2/baskets/${basketId}`, { headers: headers(cookie) });
  expect(basket.status).toBe(200);
  const body = (await basket.json()) as {
    included: { attributes: { quantity: number; product_variant_id: string } }[];
  };
  expect(body.included.map((i) => [i.attributes.product_variant_id, i.attributes.quantity])).toEqual([
    ['10011', 3],
  ]);

  // A second server on the same folder refuses to start, and says why.
  const intruder = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  running.push(intruder);
  expect(await intruder.exited).toBe(1);
  expect(intruder.output()).toMatch(/is in use by another Sfoglia server \(pid \d+\)/);

  // SIGTERM: finish, close the database, release the lock, exit 0.
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  expect(existsSync(join(dataDir, 'sfoglia.lock'))).toBe(false);
}, 360_000);

test('a bad configuration value stops the server with a clear message', async () => {
  const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
  running.push(server);
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('PORT="eighty": must be a whole number from 0 to 65535');
});

/**
 * How this machine can show the server a read-only folder: as root (whom permissions do not stop), a
 * read-only bind mount of it in a mount namespace of the server's own (EROFS, as on a read-only volume);
 * as anyone else, taking away the folder's write permission (EACCES). Null when neither can be done here.
 */
function readOnlyFolder(dir: string): { prefix: string[]; code: 'EROFS' | 'EACCES' } | null {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return { prefix: [], code: 'EACCES' };
  }
  const mount = [
    'unshare',
    '-m',
    'sh',
    '-c',
    'mount --bind -o ro "$1" "$1" && shift && exec "$@"',
    'sh',
    dir,
  ];
  const probe = spawnSync(mount[0]!, [...mount.slice(1), 'sh', '-c', `! touch "$0/probe" 2>/dev/null`, dir]);
  return probe.status === 0 ? { prefix: mount, code: 'EROFS' } : null;
}

const readOnlyDir = mkdtempSync(join(tmpdir(), 'sfoglia-read-only-'));
const readOnly = readOnlyFolder(readOnlyDir);
afterAll(() => {
  chmodSync(readOnlyDir, 0o755);
  rmSync(readOnlyDir, { recursive: true, force: true });
});

test.skipIf(!readOnly)(
  `a read-only data folder stops the server with one line naming DATA_DIR and what to do${
    readOnly ? '' : ' (skipped: this machine can make no folder read-only for the server)'
  }`,
  { timeout: 90_000 },
  async () => {
    const server = startServer(
      { DATA_DIR: readOnlyDir, PORT: String(await freePort()), SFOGLIA_NOW: TEST_NOW.toISOString() },
      readOnly!.prefix,
    );
    running.push(server);
    expect(await server.exited).toBe(1);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toBe(
      `DATA_DIR ${readOnlyDir} ${readOnly!.code === 'EROFS' ? 'is on a read-only file system' : 'is not writable by this user'} ` +
        `(${readOnly!.code}): the embedded database must write there. Make it writable, or set DATA_DIR to a ` +
        `writable folder (or DATABASE_URL to a PostgreSQL server).`,
    );
  },
);
