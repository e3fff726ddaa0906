import { sql } from 'drizzle-orm';
import type { TestApp } from './harness';

/**
 * Rows and their content in every table, so that any insert, update or delete shows: compare two of these
 * to prove a refused request changed nothing.
 */
export async function databaseState(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.database.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const rows = (tables as unknown as { rows: { table_schema: string; table_name: string }[] }).rows;
  const state: Record<string, string> = {};
  for (const { table_schema: schema, table_name: name } of rows) {
    const qualified = `"${schema}"."${name}"`;
    // The session and visitor hooks touch last_seen_at now and then (10 minutes, a day) on any request:
    // their rows are counted, but not compared. Every other table, rate limits, idempotency keys and the
    // outbox included, must be exactly as it was: a refused call never counts towards a limit or sends mail.
    const touchedOnAnyRequest = schema === 'public' && ['sessions', 'visitors'].includes(name);
    const result = await t.database.db.execute(
      sql.raw(
        touchedOnAnyRequest
          ? `select count(*)::text as state from ${qualified}`
          : `select count(*) || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as state from ${qualified} t`,
      ),
    );
    state[qualified] = (result as unknown as { rows: { state: string }[] }).rows[0]!.state;
  }
  return state;
}
