import path from 'node:path';

// Import boundaries (architecture "Import rules", style §1):
// - domain imports nothing of ours; contracts import only domain;
// - server and web import domain and contracts, never each other;
// - a web feature does not import another feature (pages in the route table combine them);
// - web/shared does not import features or app.

const ROOT = path.resolve(import.meta.dirname, '..');

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const m = /^src\/(domain|contracts|server|web)(?:\/(features)\/([^/]+)|\/(shared|app))?/.exec(rel);
  if (!m) return null;
  return { layer: m[1], feature: m[3] ?? null, part: m[2] ?? m[4] ?? null };
}

const ALLOWED = {
  domain: ['domain'],
  contracts: ['domain', 'contracts'],
  server: ['domain', 'contracts', 'server'],
  web: ['domain', 'contracts', 'web'],
};

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
          let why = null;
          if (!ALLOWED[from.layer].includes(to.layer)) {
            why = `src/${from.layer} must not import src/${to.layer} (see docs/architecture: import rules)`;
          } else if (from.layer === 'web' && to.layer === 'web') {
            if (from.feature && to.feature && from.feature !== to.feature) {
              why = `feature "${from.feature}" must not import feature "${to.feature}"; combine them in a page`;
            } else if (from.part === 'shared' && (to.part === 'features' || to.part === 'app')) {
              why = 'web/shared must not import features or app';
            }
          }
          if (why) context.report({ node, messageId: 'denied', data: { why } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
