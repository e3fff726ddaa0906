import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

// One request's work in one transaction (issue 19, item 27): a route that takes an Idempotency-Key runs its
// handler inside a transaction that also records the key's answer (http/idempotency.ts), so the change and
// the record commit together or not at all. The services were built with the app's database; inside
// `runInTransaction` that database joins the open transaction instead: its statements run in it and its own
// transactions become savepoints of it. Outside, it is the database as it always was.

/** The transaction `db.transaction` hands its work. */
type OpenTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const current = new AsyncLocalStorage<OpenTransaction>();

/** Runs `work` with every statement made through a `joiningTransactions` database inside `tx`. */
export function runInTransaction<T>(tx: OpenTransaction, work: () => T): T {
  return current.run(tx, work);
}

/** Whether this code runs inside a request's transaction (a cache must then not share a read in flight). */
export function inRequestTransaction(): boolean {
  return current.getStore() !== undefined;
}

/** `db`, joining the request's transaction whenever there is one (above). */
export function joiningTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const actual = current.getStore() ?? target;
      const value: unknown = Reflect.get(actual, property, actual);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(actual) : value;
    },
  });
}

/**
 * A prepared statement that joins the request's transaction: prepared once on the database, and made again
 * on the request's transaction while one is open (a statement prepared on the database would run outside
 * it, and on the embedded database's one connection wait for it forever). `make` builds it on the database
 * it is given; on PostgreSQL a named statement is still parsed once per connection.
 */
export function preparedJoining<P>(db: Db, make: (db: Db) => P): () => P {
  const outside = make(db);
  return () => (current.getStore() ? make(db) : outside);
}

/**
 * Ports of the outside world (the payment processors) that refuse to be called inside a request's
 * transaction: what they do could not be rolled back with it (decision 10: the processor is never called
 * inside a transaction). A route that must call one runs it after the commit (`afterCommit`).
 */
export function outsideRequestTransactions<T extends Record<string, object>>(ports: T): T {
  const guard = (port: object, name: string) =>
    new Proxy(port, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (current.getStore()) {
            throw new Error(`The ${name} port was called inside a request's transaction`);
          }
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, guard(port, name)])) as T;
}
