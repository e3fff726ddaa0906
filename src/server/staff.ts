import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemo } from './db/seed/demo-seed';
import { DomainError } from '../domain/errors';
import { addStaff, listStaff, removeStaff } from './modules/kitchen';

// `npm run staff -- …`: who may use a restaurant's kitchen screen (issue 13 part 3). Staff are accounts with
// the kitchen role at one or more restaurants; only this command gives or takes the role.
//
//   npm run staff -- add --email chef@sfoglia.example --restaurant soho [--restaurant borough …] [--password …]
//                        [--name "Gia Rossi"]
//   npm run staff -- remove --email chef@sfoglia.example --restaurant soho [--restaurant …]
//   npm run staff -- list
//
// It opens the shop's database as the server does (DATABASE_URL, or the embedded one in DATA_DIR, which the
// running shop holds: stop it first, or use PostgreSQL). A new account is made with the password given, or a
// generated one printed once; its email counts as confirmed (the operator vouches for it). The e2e server runs
// it before it starts (playwright.config.ts), so its journeys have a member of staff to sign in as.

const USAGE = `Usage:
  npm run staff -- add --email <email> --restaurant <id> [--restaurant <id> …] [--password <password>] [--name "<first> <last>"]
  npm run staff -- remove --email <email> --restaurant <id> [--restaurant <id> …]
  npm run staff -- list
Restaurant ids: soho, islington, borough, hackney, clapham, brighton, bristol, cambridge, oxford (GET /api/v2/restaurants/all).`;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function open(): Promise<Database> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    const database = await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url, poolSize: 2 }
        : config.database.kind === 'pglite'
          ? { kind: 'pglite', dataDir: config.database.dataDir }
          : { kind: 'memory' },
    );
    // A database the shop has never started on has no restaurants yet: the demo's are there after this, seeded
    // on the shop's clock (SFOGLIA_NOW when a demo pins it), as the shop itself would.
    if (config.seedDemo) await seedDemo(database.db, config.pinnedNow ?? new Date());
    return database;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      fail(`${error.message}\nStop the shop (it holds the embedded database), then run this again.`);
    }
    throw error;
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      restaurant: { type: 'string', multiple: true },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [command] = positionals;
  if (command !== 'add' && command !== 'remove' && command !== 'list') fail(USAGE);
  const restaurantIds = values.restaurant ?? [];
  if (command !== 'list' && (!values.email || restaurantIds.length === 0)) fail(USAGE);
  if (values.password !== undefined && values.password.length < 10) {
    fail('A password needs at least 10 characters.');
  }
  const database = await open();
  try {
    if (command === 'list') {
      const staff = await listStaff(database.db);
      process.stdout.write(
        staff.length === 0
          ? 'No staff yet.\n'
          : staff.map((member) => `${member.restaurantId}\t${member.role}\t${member.email}`).join('\n') +
              '\n',
      );
    } else if (command === 'add') {
      const [firstName, ...rest] = (values.name ?? '').trim().split(/\s+/);
      for (const restaurantId of restaurantIds) {
        const added = await addStaff(database.db, {
          email: values.email!,
          restaurantId,
          password: values.password ?? null,
          ...(firstName ? { firstName, lastName: rest.join(' ') } : {}),
        });
        process.stdout.write(
          `${added.email} works in the kitchen at ${added.restaurantId}.\n` +
            (added.created
              ? `A new account was made. ${
                  added.generatedPassword
                    ? `Its password (shown once; they can change it after signing in): ${added.generatedPassword}`
                    : 'Its password is the one you gave.'
                }\n`
              : ''),
        );
      }
      process.stdout.write('They sign in with their account as usual.\n');
    } else {
      for (const restaurantId of restaurantIds) {
        const removed = await removeStaff(database.db, values.email!, restaurantId);
        process.stdout.write(
          removed
            ? `${values.email} no longer works in the kitchen at ${restaurantId}.\n`
            : `${values.email} was not staff at ${restaurantId}.\n`,
        );
      }
    }
  } catch (error) {
    if (error instanceof DomainError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

await main();
