import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { publicConfig } from './config';
import type { Clock } from './clock';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { requireBranchHeader } from './http/branch-header';
import { registerErrorHandling, sendFrameworkError, sendNotFound } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { registerOpenApi } from './http/openapi';
import { registerVisitors } from './http/visitor';
import { registerWebApp } from './http/web-app';
import { serializerCompiler, validatorCompiler } from './http/zod-compilers';
import { storefrontRoutes } from './integrations/storefront/local.routes';
import { basketRoutes } from './modules/baskets/baskets.routes';
import { healthRoutes } from './modules/health/health.routes';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { mediaRoutes } from './modules/menu/media.routes';
import { cachedShopRules, settingsView } from './modules/shop/shop.service';
import { snakeKeys } from '../contracts/case';
import { shopRoutes } from './modules/shop/shop.routes';

export const API_PREFIX = '/api/v2';
/** 64 KB is many times any request this API takes; bigger bodies are refused before they are parsed. */
export const BODY_LIMIT = 64 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the app without listening: main.ts listens, tests call app.inject(). */
export async function buildApp({ config, database, clock, serveWeb = true, logger = true }: BuildAppOptions) {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        }
      : false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.env === 'production',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Bodies are JSON only. Fastify also parses text/plain by default, which would turn a JSON text sent as
  // text/plain into a string (a confusing 400) instead of a 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    return payload;
  });

  const deps: AppDeps = { config, database, clock, rules: cachedShopRules(database.db) };

  // Dynamic responses over 1 KB are compressed for browsers that ask; built assets are precompressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  requireBranchHeader(app, config.branch, [API_PREFIX]);
  registerVisitors(app, { db: database.db, secureCookies: config.secureCookies, prefixes: [API_PREFIX] });
  registerIdempotency(app, database.db);
  await registerOpenApi(app, config.publicUrl);

  await app.register(healthRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(storefrontRoutes, deps);
  await app.register(
    async (api) => {
      await api.register(shopRoutes, deps);
      await api.register(marketingRoutes, deps);
      await api.register(basketRoutes, deps);
    },
    { prefix: API_PREFIX },
  );

  const bootstrap = async () => {
    const { id, ...attributes } = settingsView(await deps.rules.get(), clock.now());
    return { settings: snakeKeys({ data: { id, type: 'settings', attributes } }) };
  };
  const web = serveWeb ? await registerWebApp(app, config.webDistDir, publicConfig(config), bootstrap) : null;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !/^\/(api|storefront|media)(\/|$)/.test(request.url) &&
      !/\.\w{1,5}$/.test(request.url.split('?')[0] ?? '');
    if (isPage && web) return web.sendIndex(request, reply);
    return sendNotFound(request, reply);
  });

  return app as unknown as FastifyInstance;
}
