import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed/demo-seed';
import { TEST_NOW } from './test-clock';

// Compiles the server the tests that start it run (test/server-process.ts; scripts/build-server.mjs, under a
// second), then builds the migrated, seeded database once per run. On PGlite: a dump that each test file loads (~0.5 s
// instead of ~3 s). On PostgreSQL: a template database each test file copies with CREATE DATABASE … TEMPLATE.

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string | null;
    postgresTemplate: { url: string; name: string } | null;
  }
}

export default async function setup(project: TestProject) {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../../scripts/build-server.mjs', import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `sfoglia_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await seedDemo(database.db, TEST_NOW);
    await database.close();
    project.provide('postgresTemplate', { url: serverUrl, name });
    project.provide('pgliteSnapshot', null);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'memory' });
  await seedDemo(database.db, TEST_NOW);
  // What every test file loads, kept small (each file unpacks it into a fresh PGlite: 0.4 s for these
  // 25 MB, 1 s for the 38 MB before): the shop's database only (the tests never CREATE DATABASE on PGlite,
  // so the two templates go), its tables compacted, and the WAL a checkpoint no longer needs recycled.
  await database.executeSql(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await database.executeSql('drop database template0');
  await database.executeSql('drop database template1');
  await database.executeSql('vacuum full');
  await database.executeSql('checkpoint');
  const blob = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'sfoglia-test-'));
  const path = join(dir, 'snapshot.tar');
  writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', path);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
