import path from 'node:path';

// Import boundaries (architecture "Import rules", style §1):
// - domain imports nothing of ours; contracts import only domain;
// - server and web import domain and contracts, never each other;
// - on the web (webBoundary below), imports flow one way: shared → features → app → pages → the route
//   table. A feature does not import another feature; a page does not import another page (pages compose
//   features; what two pages share is a feature's, or app's); shared imports none of them.

const ROOT = path.resolve(import.meta.dirname, '..');

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const m = /^src\/(domain|contracts|server|web)(?:\/|$)/.exec(rel);
  if (!m) return null;
  return { layer: m[1], rel };
}

const ALLOWED = {
  domain: ['domain'],
  contracts: ['domain', 'contracts'],
  server: ['domain', 'contracts', 'server'],
  web: ['domain', 'contracts', 'web'],
};

/** Between the four layers: who may import whom. */
function layerBoundary(from, to) {
  if (ALLOWED[from.layer].includes(to.layer)) return null;
  return `src/${from.layer} must not import src/${to.layer} (see docs/architecture: import rules)`;
}

// ---- The web ---------------------------------------------------------------------------------------

/**
 * Where a web file sits: `shared`, `app`, `features` (with its area), `pages` (with its page: a folder
 * `pages/<x>/…` is one page, as is a file `pages/<x>.tsx`), or `root` (main.tsx, routes.tsx).
 */
export function webPlaceOf(rel) {
  const m = /^src\/web\/(?:(shared|app)(?:\/|$)|(features)\/([^/]+)|(pages)\/([^/.]+)(?:[/.]|$))/.exec(rel);
  if (!m) return { part: 'root', unit: null };
  if (m[1]) return { part: m[1], unit: null };
  if (m[2]) return { part: 'features', unit: m[3] };
  return { part: 'pages', unit: m[5] };
}

/** What each part of the web app may import besides itself (and domain and contracts). */
const WEB_ALLOWED = {
  shared: ['shared'],
  features: ['shared', 'features'],
  app: ['shared', 'features', 'app'],
  pages: ['shared', 'features', 'app', 'pages'],
  root: ['shared', 'features', 'app', 'pages', 'root'],
};

/** Within src/web: the one-way flow, features apart from each other, pages apart from each other. */
function webBoundary(fromRel, toRel) {
  const from = webPlaceOf(fromRel);
  const to = webPlaceOf(toRel);
  if (!WEB_ALLOWED[from.part].includes(to.part)) {
    return `web/${from.part} must not import web/${to.part} (imports flow shared → features → app → pages)`;
  }
  if (from.part === 'features' && to.part === 'features' && from.unit !== to.unit) {
    return `feature "${from.unit}" must not import feature "${to.unit}"; combine them in a page`;
  }
  if (from.part === 'pages' && to.part === 'pages' && from.unit !== to.unit) {
    return `page "${from.unit}" must not import page "${to.unit}"; move what they share to a feature (or app/)`;
  }
  return null;
}

// ---- The server -----------------------------------------------------------------------------------

/**
 * Where a server file sits: a module area (`modules/<area>/…`), `db`, `integrations`, `http`, `jobs`, or
 * the root (app.ts, main.ts, services.ts: the composition root).
 */
export function serverPlaceOf(rel) {
  const m = /^src\/server\/(?:modules\/([^/]+)(?:\/(.+))?$|(db|integrations|http|jobs|test)\/)/.exec(rel);
  if (!m) return { part: 'root', area: null, file: null };
  if (m[1]) return { part: 'modules', area: m[1], file: m[2] ?? 'index' };
  return { part: m[3], area: null, file: null };
}

/**
 * Within src/server (issue 10): an area is reached only through its public face (its index.ts), never its
 * repo, routes or service files; a route file never imports another route file; db/, integrations/ and
 * http/ never import modules (they are what modules are built on; their tests may, for fixtures).
 */
function serverBoundary(fromRel, toRel) {
  const from = serverPlaceOf(fromRel);
  const to = serverPlaceOf(toRel);
  const isTest = /\.test\.ts$/.test(fromRel);
  if (to.part === 'modules' && ['db', 'integrations', 'http'].includes(from.part) && !isTest) {
    return `server/${from.part} must not import modules (modules are built on it, not the other way round)`;
  }
  if (/\.routes\.ts$/.test(fromRel) && /\.routes(\.ts)?$/.test(toRel)) {
    return 'a route file must not import another route file: move what they share to a service or http/';
  }
  if (
    from.part === 'modules' &&
    to.part === 'modules' &&
    from.area !== to.area &&
    !/^index(\.ts)?$/.test(to.file)
  ) {
    return `area "${from.area}" must reach area "${to.area}" through its public face, modules/${to.area}/index.ts`;
  }
  return null;
}

/** Services are built once, in the composition root (src/server/services.ts); tests use it too. */
function isServiceConstruction(node) {
  return node.callee.type === 'Identifier' && /Service$/.test(node.callee.name);
}

// ---- The rule --------------------------------------------------------------------------------------

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [], messages: { denied: '{{why}}' } },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = layerOf(path.resolve(path.dirname(context.filename), source));
          if (!to) return;
          const why =
            layerBoundary(from, to) ??
            (from.layer === 'web' && to.layer === 'web' ? webBoundary(from.rel, to.rel) : null) ??
            (from.layer === 'server' && to.layer === 'server' ? serverBoundary(from.rel, to.rel) : null);
          if (why) context.report({ node, messageId: 'denied', data: { why } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
          NewExpression: (node) => {
            // Tests may build a service with a test double; the shop builds each one once.
            const exempt = from.rel === 'src/server/services.ts' || /\.test\.ts$/.test(from.rel);
            if (from.layer !== 'server' || exempt || !isServiceConstruction(node)) {
              return;
            }
            context.report({
              node,
              messageId: 'denied',
              data: {
                why: `${node.callee.name} is built once, in src/server/services.ts (the composition root)`,
              },
            });
          },
        };
      },
    },
  },
};
