import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemo } from './db/seed/demo-seed';
import { DomainError } from '../domain/errors';
import { isShopRole, ROLE_LABELS } from '../domain/staff-roles';
import { addStaff, listStaff, removeStaff } from './modules/kitchen';
import { addShopStaff, listShopStaff, removeShopStaff } from './modules/staff';

// `npm run staff -- …`: the operator's command for staff roles. Kitchen staff are accounts with the kitchen
// role at one or more restaurants (issue 13 part 3); the shop-wide roles are owner, manager, support and
// events_host (issue 25 part 1). The FIRST OWNER is made here, once (docs/operations.md); from then on owners
// invite, change and remove staff in the back office (/back-office/staff) while the shop runs.
//
//   npm run staff -- add --email owner@sfoglia.example --role owner [--password …] [--name "Ada Rossi"]
//   npm run staff -- add --email chef@sfoglia.example --restaurant soho [--restaurant borough …] [--password …]
//                        [--name "Gia Rossi"]
//   npm run staff -- add --email help@sfoglia.example --role support [--password …] [--name "Sam Bell"]
//   npm run staff -- remove --email chef@sfoglia.example --restaurant soho [--restaurant …]
//   npm run staff -- remove --email help@sfoglia.example --role support
//   npm run staff -- list
//
// It opens the shop's database as the server does (DATABASE_URL, or the embedded one in DATA_DIR, which the
// running shop holds: stop it first, or use PostgreSQL). A new account is made with the password given, or a
// generated one printed once; its email counts as confirmed (the operator vouches for it). The e2e server runs
// it before it starts (playwright.config.ts), so its journeys have a member of staff to sign in as.

const USAGE = `Usage:
  npm run staff -- add --email <email> --restaurant <id> [--restaurant <id> …] [--password <password>] [--name "<first> <last>"]
  npm run staff -- add --email <email> --role owner|manager|support|events_host [--password <password>] [--name "<first> <last>"]
  npm run staff -- remove --email <email> --restaurant <id> [--restaurant <id> …]
  npm run staff -- remove --email <email> --role owner|manager|support|events_host
  npm run staff -- list
Roles: kitchen (at restaurants; the default), and the shop-wide owner, manager, support (answers questions at
/support/inbox) and events_host. Make the first owner here; owners then manage staff at /back-office/staff.
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
      role: { type: 'string' },
    },
  });
  const [command] = positionals;
  if (command !== 'add' && command !== 'remove' && command !== 'list') fail(USAGE);
  const restaurantIds = values.restaurant ?? [];
  const role = values.role ?? 'kitchen';
  if (role !== 'kitchen' && !isShopRole(role)) fail(`There is no role "${role}".\n\n${USAGE}`);
  if (role !== 'kitchen' && restaurantIds.length > 0) {
    fail(`The ${role} role is shop-wide: give it without --restaurant.`);
  }
  if (command !== 'list' && (!values.email || (role === 'kitchen' && restaurantIds.length === 0)))
    fail(USAGE);
  if (values.password !== undefined && values.password.length < 10) {
    fail('A password needs at least 10 characters.');
  }
  const database = await open();
  try {
    if (command === 'list') {
      const staff = [
        ...(await listStaff(database.db)).map((member) => [member.restaurantId, member.role, member.email]),
        ...(await listShopStaff(database.db)).map((member) => ['(shop-wide)', member.role, member.email]),
      ];
      process.stdout.write(
        staff.length === 0 ? 'No staff yet.\n' : staff.map((row) => row.join('\t')).join('\n') + '\n',
      );
    } else if (command === 'add' && role !== 'kitchen') {
      const [firstName, ...rest] = (values.name ?? '').trim().split(/\s+/);
      const added = await addShopStaff(database.db, {
        email: values.email!,
        role,
        password: values.password ?? null,
        ...(firstName ? { firstName, lastName: rest.join(' ') } : {}),
      });
      process.stdout.write(
        (role === 'support'
          ? `${added.email} is on the support team (they answer questions at /support/inbox).\n`
          : `${added.email} is ${role === 'owner' ? 'an' : 'a'} ${ROLE_LABELS[role].toLowerCase()} (the back office is at /back-office).\n`) +
          (added.created
            ? `A new account was made. ${
                added.generatedPassword
                  ? `Its password (shown once; they can change it after signing in): ${added.generatedPassword}`
                  : 'Its password is the one you gave.'
              }\n`
            : '') +
          'They sign in with their account as usual.\n',
      );
    } else if (command === 'remove' && role !== 'kitchen') {
      const removed = await removeShopStaff(database.db, values.email!, role);
      process.stdout.write(
        removed
          ? `${values.email} no longer has the ${role} role.\n`
          : `${values.email} did not have the ${role} role.\n`,
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
