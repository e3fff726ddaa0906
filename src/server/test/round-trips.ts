import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

// Counts the statements sent to the database while `work` runs: every query through node-postgres (each one
// a round trip to PostgreSQL) or through PGlite. For tests that hold a path to a number of round trips;
// nothing else may run on the database meanwhile.

export async function countStatements(
  work: () => Promise<unknown>,
): Promise<{ count: number; sql: string[] }> {
  const sql: string[] = [];
  const originals = {
    pg: pg.Client.prototype.query,
    pgliteQuery: PGlite.prototype.query,
    pgliteExec: PGlite.prototype.exec,
    pgliteTransaction: PGlite.prototype.transaction,
  };
  const record = (text: unknown) =>
    sql.push(
      String(typeof text === 'object' && text !== null ? ((text as { text?: string }).text ?? '') : text),
    );
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    record(args[0]);
    return (originals.pg as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    record(args[0]);
    return (originals.pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof PGlite.prototype.query;
  PGlite.prototype.exec = function (this: PGlite, ...args: unknown[]) {
    record(args[0]);
    return (originals.pgliteExec as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof PGlite.prototype.exec;
  // A PGlite transaction's statements go through its own handle; counted like node-postgres's (with its
  // begin and commit or rollback), so that both databases count the same.
  PGlite.prototype.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
    return originals.pgliteTransaction.call(this, async (tx) => {
      record('begin');
      const counted: Transaction = {
        ...tx,
        query: (...args: Parameters<Transaction['query']>) => (record(args[0]), tx.query(...args)),
        exec: (...args: Parameters<Transaction['exec']>) => (record(args[0]), tx.exec(...args)),
        get closed() {
          return tx.closed;
        },
      } as Transaction;
      try {
        const result = await callback(counted);
        record('commit');
        return result;
      } catch (error) {
        record('rollback');
        throw error;
      }
    }) as Promise<T>;
  } as typeof PGlite.prototype.transaction;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = originals.pg;
    PGlite.prototype.query = originals.pgliteQuery;
    PGlite.prototype.exec = originals.pgliteExec;
    PGlite.prototype.transaction = originals.pgliteTransaction;
  }
  return { count: sql.length, sql };
}
