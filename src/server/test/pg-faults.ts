import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';

// Faults of a PostgreSQL server for the tests of issue 19 item 24 (decision 26), all real, none timed.
// A TCP proxy in front of the test's database: the shop connects through it, and the test cuts the database
// away (every connection dropped, new ones refused, as when PostgreSQL crashes), answers as a server still
// starting does (57P03), or stops answering (a network that holds every packet), then restores it; each mode
// takes effect before its call returns. And a lock held on a table from a connection of the test's own, so
// that the shop's statement on it waits inside its transaction until the test has injected its fault.

export type ProxyMode = 'open' | 'cut' | 'starting' | 'silent';

export interface PgProxy {
  /** The database URL with the proxy's address in place of the server's. */
  url: string;
  mode(): ProxyMode;
  /** PostgreSQL gone: every connection dropped, new ones refused (the port is closed). */
  cut(): Promise<void>;
  /** PostgreSQL restarting: each new connection is answered FATAL 57P03 and closed; open ones dropped. */
  starting(): Promise<void>;
  /** A network that stops answering: nothing more is passed either way (it is held), nothing is closed. */
  silent(): Promise<void>;
  /** PostgreSQL back: new connections pass through again. */
  restore(): Promise<void>;
  /** Connections that reached the proxy since it started (any mode). */
  accepted(): number;
  close(): Promise<void>;
}

/** PostgreSQL's ErrorResponse for a server still starting up, as it sends it before closing the connection. */
function startingUpMessage(): Buffer {
  const fields = [
    ['S', 'FATAL'],
    ['V', 'FATAL'],
    ['C', '57P03'],
    ['M', 'the database system is starting up'],
  ]
    .map(([type, text]) => `${type}${text}\0`)
    .join('');
  const body = Buffer.from(`${fields}\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

export async function startPgProxy(targetUrl: string): Promise<PgProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port || 5432);
  let current: ProxyMode = 'open';
  let accepted = 0;
  interface Pair {
    client: Socket;
    server: Socket;
    /** What a silent network holds back, each way, until it answers again. */
    held: { toServer: Buffer[]; toClient: Buffer[] };
  }
  const pairs = new Set<Pair>();

  const drop = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.server.destroy();
    }
    pairs.clear();
  };

  const onConnection = (client: Socket) => {
    accepted += 1;
    client.on('error', () => {});
    if (current === 'starting') {
      // The client speaks first (its startup message); the server answers that it is starting, and closes.
      client.once('data', () => client.end(startingUpMessage()));
      return;
    }
    const server = connect(targetPort, targetHost);
    const pair: Pair = { client, server, held: { toServer: [], toClient: [] } };
    pairs.add(pair);
    const close = () => {
      client.destroy();
      server.destroy();
      pairs.delete(pair);
    };
    server.on('error', close);
    server.on('close', close);
    client.on('close', close);
    client.on('data', (chunk) => {
      if (current === 'silent') pair.held.toServer.push(chunk);
      else server.write(chunk);
    });
    server.on('data', (chunk) => {
      if (current === 'silent') pair.held.toClient.push(chunk);
      else client.write(chunk);
    });
  };

  let listener: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        const address = listener.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listener.listening) return resolve();
      listener.close(() => resolve());
    });

  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    mode: () => current,
    async cut() {
      current = 'cut';
      drop();
      await stopListening();
    },
    async starting() {
      current = 'starting';
      drop();
      if (!listener.listening) {
        listener = createServer(onConnection);
        await listen(port);
      }
    },
    async silent() {
      current = 'silent';
      if (!listener.listening) {
        listener = createServer(onConnection);
        await listen(port);
      }
    },
    async restore() {
      // A network that answers again delivers what it held (TCP resends it): connections the shop kept resume.
      current = 'open';
      for (const pair of pairs) {
        for (const chunk of pair.held.toServer.splice(0)) pair.server.write(chunk);
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
      if (!listener.listening) {
        listener = createServer(onConnection);
        await listen(port);
      }
    },
    accepted: () => accepted,
    async close() {
      current = 'cut';
      drop();
      await stopListening();
    },
  };
}

export interface HeldLock {
  /** The test's own connection, straight to the database (never through a proxy). */
  client: pg.Client;
  /** Resolves once one of the shop's statements waits for this lock: it is inside its transaction. */
  untilWaitedFor(): Promise<void>;
  release(): Promise<void>;
}

/** Takes `lock table <table> in <mode> mode` in a transaction of the test's own, on `url`'s database. */
export async function holdLock(url: string, table: string, mode = 'share'): Promise<HeldLock> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in ${mode} mode`);
  return {
    client,
    async untilWaitedFor() {
      for (;;) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async release() {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
