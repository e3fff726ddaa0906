import type { FastifyInstance } from 'fastify';

/**
 * The app's routes under a prefix, from Fastify's own route table: "GET /api/v2/baskets/{id}" (HEAD left
 * out), sorted. Tests that must cover every route read them here rather than keep a list by hand.
 */
export function registeredRoutes(app: FastifyInstance, prefix = '/'): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    if (!path.startsWith(prefix)) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
