import { PGlite } from '@electric-sql/pglite';
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
  try {
    await work();
  } finally {
    pg.Client.prototype.query = originals.pg;
    PGlite.prototype.query = originals.pgliteQuery;
    PGlite.prototype.exec = originals.pgliteExec;
  }
  return { count: sql.length, sql };
}
