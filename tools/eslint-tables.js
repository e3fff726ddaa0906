import path from 'node:path';
import { ownerOf, TABLE_OWNERS } from './table-owners.js';
import { TABLE_CROSSINGS } from './table-crossings.js';

// Each table has one owner (issue 20, part 2; the owners are written in tools/table-owners.js). A module
// file (src/server/modules/<area>/…, not a test) imports from src/server/db/schema only the tables its own
// area owns; another area's data comes through that area's face (modules/<owner>/index.ts). The crossings
// not yet moved behind a face are listed, file by file, in tools/table-crossings.js, a list that only
// shrinks: tools/eslint-tables.test.ts fails on an entry no longer needed.

const ROOT = path.resolve(import.meta.dirname, '..');
const SCHEMA = 'src/server/db/schema/';

/** The area of a module file that the rule holds, or null (tests and files outside modules are not held). */
export function moduleAreaOf(rel) {
  if (/\.test\.ts$/.test(rel)) return null;
  return /^src\/server\/modules\/([^/]+)\/.+/.exec(rel)?.[1] ?? null;
}

/** The schema file (its base name, `orders.ts`) that an import resolves to, or null. */
function schemaFileOf(fromFile, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return null;
  const rel = path
    .relative(ROOT, path.resolve(path.dirname(fromFile), source))
    .split(path.sep)
    .join('/');
  if (!rel.startsWith(SCHEMA)) return null;
  const base = rel.slice(SCHEMA.length).replace(/\.ts$/, '');
  return base.includes('/') || base === '' ? null : `${base}.ts`;
}

export default {
  rules: {
    tables: {
      meta: {
        type: 'problem',
        schema: [
          {
            type: 'object',
            properties: { crossings: { type: 'object' } },
            additionalProperties: false,
          },
        ],
        messages: {
          crossing:
            'area "{{area}}" must not use table "{{name}}" of area "{{owner}}" ' +
            '(tools/table-owners.js): ask modules/{{owner}}/index.ts for it',
          foreign:
            'area "{{area}}" must not use table "{{name}}": it belongs to {{owner}} (tools/table-owners.js)',
          whole: 'import the tables of schema/{{file}} by name, so each is checked against its owner',
        },
      },
      create(context) {
        const rel = path.relative(ROOT, context.filename).split(path.sep).join('/');
        const area = moduleAreaOf(rel);
        if (!area) return {};
        const crossings = context.options[0]?.crossings ?? TABLE_CROSSINGS;
        const allowed = new Set(crossings[rel] ?? []);
        const checkName = (node, file, name) => {
          const owner = ownerOf(file, name);
          if (owner === area || allowed.has(name)) return;
          const isArea = owner !== null && !owner.includes('/') && owner !== 'http';
          context.report({
            node,
            messageId: isArea ? 'crossing' : 'foreign',
            data: { area, name, owner: owner ?? 'no area' },
          });
        };
        // A whole schema file (namespace import, export *, import()) is fine only if the area owns all of it.
        const checkWhole = (node, file) => {
          const entry = TABLE_OWNERS[file];
          if (entry && entry.owner === area && !entry.tables) return;
          context.report({ node, messageId: 'whole', data: { file } });
        };
        return {
          ImportDeclaration(node) {
            const file = schemaFileOf(context.filename, node.source.value);
            if (!file) return;
            for (const s of node.specifiers) {
              if (s.type === 'ImportSpecifier') checkName(s, file, s.imported.name ?? s.imported.value);
              else checkWhole(s, file);
            }
          },
          ExportNamedDeclaration(node) {
            const file = node.source && schemaFileOf(context.filename, node.source.value);
            if (!file) return;
            for (const s of node.specifiers) checkName(s, file, s.local.name ?? s.local.value);
          },
          ExportAllDeclaration(node) {
            const file = schemaFileOf(context.filename, node.source.value);
            if (file) checkWhole(node, file);
          },
          ImportExpression(node) {
            const file = node.source.type === 'Literal' && schemaFileOf(context.filename, node.source.value);
            if (file) checkWhole(node, file);
          },
        };
      },
    },
  },
};
