import type { FastifyRequest } from 'fastify';

// Hooks that apply to a part of the site (the API's branch header, visitors, sessions) decide on the path the
// router matched, never on the raw URL: the router decodes "/%61pi/v2/baskets" to "/api/v2/baskets", so a
// check on `request.url` would be skipped for a call that still reaches the API (issue 8, item 8).

/** The pattern of the route that will answer ("/api/v2/baskets/:id"), or the decoded path when none does. */
export function routedPath(request: FastifyRequest): string {
  const routed = request.routeOptions.url;
  if (routed !== undefined) return routed;
  const path = request.url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
