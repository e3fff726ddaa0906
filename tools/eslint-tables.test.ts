import fs from 'node:fs';
import path from 'node:path';
import { is, Table } from 'drizzle-orm';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import tables from './eslint-tables.js';
import { TABLE_CROSSINGS } from './table-crossings.js';
import { ownerOf, TABLE_OWNERS } from './table-owners.js';

// Each table has one owner (issue 20, part 2): the rule itself on virtual files, the owners written down
// for every table, and the list of known crossings that may only shrink.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (rel: string) => path.join(ROOT, rel);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const rule = tables.rules.tables;
const none = [{ crossings: {} }];

tester.run('sfoglia/tables', rule as never, {
  valid: [
    // An area uses its own tables, whatever the form of the import.
    {
      filename: at('src/server/modules/payments/refunds.ts'),
      code: "import { payments } from '../../db/schema/payments';",
    },
    {
      filename: at('src/server/modules/orders/orders.repo.ts'),
      code: "import { orders as ordersTable, type orderLineItems } from '../../db/schema/orders.ts';",
    },
    {
      filename: at('src/server/modules/orders/move.ts'),
      code: "import * as s from '../../db/schema/state-changes';",
    },
    {
      filename: at('src/server/modules/orders/sub/deep.ts'),
      code: "export { checkouts } from '../../../db/schema/checkout';",
    },
    // A schema file of several owners: each table goes to its own.
    {
      filename: at('src/server/modules/kitchen/staff.ts'),
      code: "import { staffMemberships } from '../../db/schema/restaurants';",
    },
    {
      filename: at('src/server/modules/restaurants/t.ts'),
      code: "import { takeawaySlots } from '../../db/schema/takeaway';",
    },
    {
      filename: at('src/server/modules/marketing/m.ts'),
      code: "import { marketingOffers } from '../../db/schema/shop';",
    },
    // Another area's data through its face is the way.
    {
      filename: at('src/server/modules/payments/p.ts'),
      code: "import { lockCustomer } from '../customers';",
    },
    // Tests, and everything outside the modules (http, jobs, db, the composition root), are not held.
    {
      filename: at('src/server/modules/payments/p.test.ts'),
      code: "import { customers } from '../../db/schema/customers';",
      options: none,
    },
    {
      filename: at('src/server/http/idempotency.ts'),
      code: "import { idempotencyKeys } from '../db/schema/shop';",
      options: none,
    },
    {
      filename: at('src/server/services.ts'),
      code: "import { orders } from './db/schema/orders';",
      options: none,
    },
    // The exceptions: a listed file may import exactly its listed tables.
    {
      filename: at('src/server/modules/payments/p.ts'),
      code: "import { customers } from '../../db/schema/customers';",
      options: [{ crossings: { 'src/server/modules/payments/p.ts': ['customers'] } }],
    },
  ],
  invalid: [
    // Another area's table, imported or re-exported.
    {
      filename: at('src/server/modules/payments/p.ts'),
      code: "import { customers } from '../../db/schema/customers';",
      options: none,
      errors: [
        {
          message:
            /area "payments" must not use table "customers" of area "customers".*modules\/customers\/index.ts/,
        },
      ],
    },
    {
      filename: at('src/server/modules/subscriptions/s.ts'),
      code: "import { orders, type orderLineItems } from '../../db/schema/orders';",
      options: none,
      errors: [
        { message: /table "orders" of area "orders"/ },
        { message: /table "orderLineItems" of area "orders"/ },
      ],
    },
    {
      filename: at('src/server/modules/kitchen/k.ts'),
      code: "export { takeawayOrders } from '../../db/schema/takeaway';",
      options: none,
      errors: [{ message: /area "kitchen" must not use table "takeawayOrders" of area "takeaway"/ }],
    },
    // A schema file of several owners: the other tables of it are refused.
    {
      filename: at('src/server/modules/restaurants/r.ts'),
      code: "import { restaurants, staffMemberships } from '../../db/schema/restaurants';",
      options: none,
      errors: [{ message: /table "staffMemberships" of area "kitchen"/ }],
    },
    // Tables no area owns (the HTTP edge's, an integration's stand-in).
    {
      filename: at('src/server/modules/shop/x.ts'),
      code: "import { idempotencyKeys } from '../../db/schema/shop';",
      options: none,
      errors: [{ message: /table "idempotencyKeys": it belongs to http/ }],
    },
    // A whole file of another area, or of several owners, cannot be checked table by table.
    ...[
      "import * as s from '../../db/schema/orders';",
      "export * from '../../db/schema/orders';",
      "const s = import('../../db/schema/orders');",
    ].map((code) => ({
      filename: at('src/server/modules/payments/p.ts'),
      code,
      options: none,
      errors: [{ message: /import the tables of schema\/orders.ts by name/ }],
    })),
    {
      filename: at('src/server/modules/takeaway/t.ts'),
      code: "import * as s from '../../db/schema/takeaway';",
      options: none,
      errors: [{ message: /import the tables of schema\/takeaway.ts by name/ }],
    },
    // An exception covers its own file and its own tables only.
    {
      filename: at('src/server/modules/payments/p.ts'),
      code: "import { customers, addresses } from '../../db/schema/customers';",
      options: [{ crossings: { 'src/server/modules/payments/p.ts': ['customers'] } }],
      errors: [{ message: /table "addresses"/ }],
    },
    {
      filename: at('src/server/modules/payments/q.ts'),
      code: "import { customers } from '../../db/schema/customers';",
      options: [{ crossings: { 'src/server/modules/payments/p.ts': ['customers'] } }],
      errors: [{ message: /table "customers"/ }],
    },
  ],
});

describe('the owners of the tables (tools/table-owners.js)', () => {
  const schemaDir = path.join(ROOT, 'src/server/db/schema');
  const schemaFiles = fs.readdirSync(schemaDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const areas = fs.readdirSync(path.join(ROOT, 'src/server/modules'));

  it('names an owner for every table of every schema file, and only tables that exist', async () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(schemaFiles.sort());
    for (const file of schemaFiles) {
      const exported = (await import(path.join(schemaDir, file))) as Record<string, unknown>;
      const tableNames = Object.keys(exported).filter((name) => is(exported[name], Table));
      expect(tableNames.length, file).toBeGreaterThan(0);
      for (const name of tableNames) expect(ownerOf(file, name), `${file} ${name}`).toBeTruthy();
      const source = fs.readFileSync(path.join(schemaDir, file), 'utf8');
      for (const name of Object.keys(TABLE_OWNERS[file]!.tables ?? {})) {
        expect(source, `${file} names ${name}`).toMatch(
          new RegExp(`export (const|interface|type) ${name}\\b`),
        );
      }
    }
  });

  it('gives each table to an area of src/server/modules or to a folder of src/server that exists', () => {
    const owners = Object.values(TABLE_OWNERS).flatMap((e) => [e.owner, ...Object.values(e.tables ?? {})]);
    for (const owner of new Set(owners)) {
      const isArea = areas.includes(owner);
      expect(isArea || fs.existsSync(path.join(ROOT, 'src/server', owner)), owner).toBe(true);
    }
  });
});

describe('the known crossings (tools/table-crossings.js) only shrink', () => {
  it('lists, for each file, exactly the tables it still imports from other areas', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { sfoglia: tables },
          rules: { 'sfoglia/tables': ['error', { crossings: {} }] },
        },
      ],
    });
    const listed = Object.keys(TABLE_CROSSINGS);
    for (const file of listed)
      expect(fs.existsSync(at(file)), `${file} is gone: remove it from the list`).toBe(true);
    const found: Record<string, string[]> = {};
    for (const result of await eslint.lintFiles(listed.map(at))) {
      const file = path.relative(ROOT, result.filePath).split(path.sep).join('/');
      const names = result.messages.map((m) => /table "(\w+)"/.exec(m.message)?.[1] ?? m.message);
      if (names.length) found[file] = [...new Set(names)].sort();
    }
    const wanted = Object.fromEntries(listed.map((f) => [f, [...TABLE_CROSSINGS[f]!].sort()]));
    // A file fixed (or a table no longer imported) must leave the list: the difference names it.
    expect(wanted).toEqual(found);
  });
});
