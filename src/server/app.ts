import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { publicConfig } from './config';
import type { Clock } from './clock';
import { workerNumberOf } from './cluster/processes';
import type { Database } from './db/client';
import { joiningTransactions, outsideRequestTransactions } from './db/request-transaction';
import { requireBranchHeader } from './http/branch-header';
import { registerErrorHandling, sendFrameworkError, sendNotFound } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import {
  logSerializer,
  REDACT_PATHS,
  redactUrl,
  requestChildLogger,
  requestIdMixin,
  serializeError,
} from './http/logging';
import { registerOpenApi } from './http/openapi';
import { registerVisitors } from './http/visitor';
import { registerExperimentVisitors } from './http/experiment-visitor';
import { registerSessions } from './http/session';
import { clientAddress } from './http/client-address';
import { ownerOf } from './http/basket-owner';
import { namesNoRestaurant, tableRedirect } from './http/restaurant-addresses';
import { takeawayMenuRedirect } from './http/takeaway-menu-address';
import { hit, type CountHit } from './security/rate-limit';
import { mailboxRoutes } from './integrations/email/mailbox.routes';
import { createSocialSignIn, localProviderOf } from './integrations/social-sign-in';
import { localProviderRoutes } from './integrations/social-sign-in/local-provider';
import { databaseLocalProviderStore } from './integrations/social-sign-in/local-provider-store';
import { createPaymentProcessors, paymentProcessorsOptions } from './integrations/payments';
import type { PaymentProcessors } from './integrations/payments/port';
import { paymentsSandboxRoutes } from './integrations/payments/sandbox.routes';
import { appleCallbackRoutes } from './integrations/social-sign-in/apple-callback.routes';
import { buildServices, type Services } from './services';
import { registerWebApp } from './http/web-app';
import { metricsRoutes } from './http/metrics';
import { createMetrics } from './observability/metrics';
import { databaseSources } from './observability/sources';
import { clusterMetricsOf } from './observability/cluster-metrics';
import {
  startErrorReporting,
  useProcessErrorReporter,
  type ErrorReporter,
} from './observability/error-reporting';
import { contentSecurityPolicy } from './http/content-security';
import { canonicalPageUrl } from './http/canonical-origin';
import { routedPath } from './http/routed-path';
import { normaliseContentEncoding, REQUEST_ENCODINGS } from './http/request-encoding';
import { rejectBrokenText } from './http/text-safety';
import { serializerCompiler, validatorCompiler } from './http/zod-compilers';
import { storefrontRoutes } from './integrations/storefront/local.routes';
import { postcodesIoRoutes } from './integrations/postcodes/local.routes';
import { accountRoutes, sessionRoutes } from './modules/auth';
import { basketRoutes, basketVoucherRoutes } from './modules/baskets';
import { checkoutRoutes } from './modules/recipe-kit';
import { creditRoutes } from './modules/credit';
import { addressRoutes, allergenRoutes, customerRoutes } from './modules/customers';
import { addressLookupRoutes, deliveryRoutes } from './modules/delivery';
import { fulfilmentDevRoutes } from './modules/fulfilment';
import { giftRoutes } from './modules/gifts';
import { createReadiness, healthRoutes } from './modules/health';
import { kitchenRoutes } from './modules/kitchen';
import { dineInRoutes, floorRoutes } from './modules/dine-in';
import { bookingRoutes, eventRoutes, hostRoutes } from './modules/events';
import { marketingRoutes } from './modules/marketing';
import { askAfterOrders, ratingDevRoutes, ratingRoutes } from './modules/ratings';
import { experimentRoutes } from './modules/experiments';
import { findMedia, mediaRoutes } from './modules/menu';
import { orderRoutes } from './modules/orders';
import { paymentRoutes } from './modules/payments';
import { restaurantRoutes } from './modules/restaurants';
import { rewardDevRoutes, rewardRoutes } from './modules/rewards';
import { cachedShopRules, settingsView, shopReads, shopRoutes } from './modules/shop';
import { scheduleRoutes, subscriptionRoutes } from './modules/subscriptions';
import { supportRoutes } from './modules/support';
import { staffRoutes } from './modules/staff';
import { productionRoutes } from './modules/production';
import { backOfficeOrderRoutes } from './modules/back-office-orders';
import { catalogueAdminRoutes } from './modules/catalogue-admin';
import { shopAdminRoutes } from './modules/shop-admin';
import { eventsAdminRoutes } from './modules/events-admin';
import { takeawayBasketRoutes, takeawayRoutes } from './modules/takeaway';
import { countVoucherAttempt, voucherRoutes, type CountCodeAttempt } from './modules/vouchers';
import { snakeKeys } from '../contracts/case';
import { abFlag, customerTypeOf } from '../domain/experiments';
import type { PageExperiments } from '../contracts/experiments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's services (services.ts), for main.ts's jobs. */
    services: Services;
  }
}

export const API_PREFIX = '/api/v2';
/** 64 KB is many times any request this API takes; bigger bodies are refused before they are parsed. */
export const BODY_LIMIT = 64 * 1024;

/** Sent with every answer in production: browsers then never use plain HTTP for the shop (or its subdomains). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** A page of the web app (served index.html), as opposed to the API, the storefront, media or an asset file. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = routedPath(request);
  return (
    request.method === 'GET' &&
    !/^\/(api|storefront|media|dev|assets|postcodes|metrics)(\/|$)/.test(path) &&
    !/\.\w{1,5}$/.test(path)
  );
}

/** A page the web app answers (index.html): `/` or a page path no route of the server takes. */
function isWebAppPage(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  return isPageRequest(request) && (routed === undefined || routed === '/');
}

/**
 * Fastify's `trustProxy`: the nearest n proxies (a function, as Fastify reads a bare number as "trust no
 * one"), or the listed proxy addresses and ranges; never everyone (issue 8, item 6).
 */
function trustProxyOption(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(setting)) return setting;
  if (setting === 0) return false;
  return (_address: string, hop: number) => hop < setting;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output when not given. */
  logStream?: { write(line: string): void };
  /** Tests put a fault-injecting wrapper around the payment processors (an outage, a lost card). */
  wrapPaymentProcessors?: (processors: PaymentProcessors) => PaymentProcessors;
  /** Where server errors are reported; by default Sentry with SENTRY_DSN, else nowhere (tests record them). */
  errorReporter?: ErrorReporter;
}

/** Builds the app without listening: main.ts listens, tests call app.inject(). */
export async function buildApp({
  config,
  database: given,
  clock,
  serveWeb = true,
  logger = true,
  logStream,
  wrapPaymentProcessors = (processors) => processors,
  errorReporter,
}: BuildAppOptions) {
  // Server errors go to Sentry when SENTRY_DSN is set, nowhere otherwise; jobs in this process report there too.
  const reporter = errorReporter ?? (await startErrorReporting(config));
  useProcessErrorReporter(reporter);
  // Everything the app builds uses a database that joins a request's transaction when there is one: an
  // idempotent route's handler runs in one with its key's record (http/idempotency.ts).
  const database: Database = { ...given, db: joiningTransactions(given.db) };
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          // No secret, token, hash, card data or query parameter ever reaches a log line (http/logging.ts).
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          // Each request's lines carry its id (http/logging.ts: requestChildLogger).
          mixin: requestIdMixin,
          serializers: {
            err: (error: unknown) => serializeError(error),
            error: logSerializer,
            req: (request: { method: string; url: string; id: string }) => ({
              id: request.id,
              method: request.method,
              url: redactUrl(request.url),
            }),
          },
        }
      : false,
    ...(logger ? { childLoggerFactory: requestChildLogger } : {}),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => {
      if (config.env === 'production') reply.header('strict-transport-security', HSTS);
      return sendFrameworkError(error, request, reply, reporter);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, reporter);
  // /metrics (docs/operations.md): every answer counted by its route's pattern and status, with its time.
  const metrics = createMetrics(databaseSources(given));
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));
  app.addHook('onClose', () => reporter.flush(2000));
  // Bodies are JSON only. Fastify also parses text/plain by default, which would turn a JSON text sent as
  // text/plain into a string (a confusing 400) instead of a 415.
  app.removeContentTypeParser('text/plain');
  // Some HTTP clients send Content-Type: application/json with no body at all (a DELETE to sign out): on a
  // route that takes no body, or whose body is optional (a plan's cancel), that is no body, not a 400. A
  // route that takes a body still needs one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const schema = request.routeOptions.schema?.body as { _zod?: { optin?: string } } | undefined;
    if (body.length === 0 && (!schema || schema._zod?.optin === 'optional')) return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  rejectBrokenText(app);

  const csp = contentSecurityPolicy(config);
  // Which of several server processes answered, outside production (docs/decisions/0019): for tests and for
  // anyone checking that the workers share the load.
  const worker = workerNumberOf(process.env);
  const servedBy = worker !== null && config.env !== 'production' ? `${worker}/${process.pid}` : null;
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (config.env === 'production') reply.header('strict-transport-security', HSTS);
    if (servedBy) reply.header('x-sfoglia-worker', servedBy);
    return payload;
  });

  const rules = cachedShopRules(database.db);
  const processors = outsideRequestTransactions(
    wrapPaymentProcessors(createPaymentProcessors(paymentProcessorsOptions(config, database.db, clock))),
  );
  // The local provider's keys and grants are in the database: every server process answers for it.
  const socialSignIn = createSocialSignIn(config.socialSignIn, config.publicUrl, {
    store: databaseLocalProviderStore(database.db),
  });
  const services = buildServices({ config, database, clock, rules, processors, log: app.log });
  app.decorate('services', services);
  // Each route plugin is given its own area's services and the few parts it uses, never the database.
  const countHit: CountHit = (key, limit, message) => hit(database.db, key, limit, message);
  const countCodeAttempt: CountCodeAttempt = (request) =>
    countVoucherAttempt(database.db, { address: clientAddress(request), ...ownerOf(request) });
  const secureCookies = config.secureCookies;

  // Dynamic responses over 1 KB are compressed for browsers that ask; built assets are precompressed.
  // Request bodies may come in one of REQUEST_CODINGS; any other is refused (http/request-encoding.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    requestEncodings: REQUEST_ENCODINGS,
  });
  normaliseContentEncoding(app);
  await app.register(cookie);
  // A page load on another host than PUBLIC_URL's goes there first, before any cookie is set on the wrong
  // host (http/canonical-origin.ts). X-Forwarded-Host counts only from a trusted proxy (TRUST_PROXY).
  let servingWeb = false;
  app.addHook('onRequest', async (request, reply) => {
    if (!servingWeb || !isWebAppPage(request)) return;
    const target = canonicalPageUrl(request.host, request.url, config.publicUrl);
    if (target) return reply.redirect(target, 302);
  });
  requireBranchHeader(app, config.branch, [API_PREFIX]);
  registerVisitors(app, { db: database.db, secureCookies: config.secureCookies, prefixes: [API_PREFIX] });
  registerSessions(app, {
    db: database.db,
    secureCookies: config.secureCookies,
    // The API, and page loads (whose HTML carries the signed-in customer).
    appliesTo: (request) => routedPath(request).startsWith(API_PREFIX) || isPageRequest(request),
  });
  registerExperimentVisitors(app, {
    secureCookies: config.secureCookies,
    isPage: isPageRequest,
    isApi: (request) => routedPath(request).startsWith(API_PREFIX),
  });
  registerIdempotency(app, database.db);
  await registerOpenApi(app, config.publicUrl);

  await app.register(healthRoutes, {
    production: config.env === 'production',
    clock,
    readiness: createReadiness(database, clock, app.log),
  });
  await app.register(metricsRoutes, {
    metrics,
    token: config.observability.metricsToken,
    // A forked worker answers for every server process (observability/cluster-metrics.ts).
    collect: clusterMetricsOf(metrics.registry) ?? undefined,
  });
  await app.register(mediaRoutes, { findMedia: (id: number) => findMedia(database.db, id) });
  await app.register(storefrontRoutes, {
    db: database.db,
    token: config.storefront.token,
    publicUrl: config.publicUrl,
  });
  if (config.postcodes.mode === 'embedded') await app.register(postcodesIoRoutes);
  await app.register(mailboxRoutes, { db: database.db, enabled: config.email.mailbox });
  // Development only, beside the mailbox: a box delivered now, the after-order emails now, a referrals
  // settlement pass now (journeys on a pinned clock; issue 23).
  if (config.email.mailbox) {
    await app.register(fulfilmentDevRoutes, { fulfilment: services.fulfilment });
    await app.register(ratingDevRoutes, {
      askAfterOrders: () => askAfterOrders(database.db, clock, config.publicUrl),
    });
    await app.register(rewardDevRoutes, {
      settleReferrals: () => services.referralSettlement.settlePending(),
    });
  }
  await app.register(appleCallbackRoutes);
  if (config.socialSignIn.mode === 'local') {
    await app.register(localProviderRoutes, { provider: localProviderOf(socialSignIn) });
  }
  if (config.payments.mode === 'sandbox') {
    await app.register(paymentsSandboxRoutes, {
      db: database.db,
      publicUrl: config.publicUrl,
      clock,
      sandboxClock: clock,
    });
  }
  const s = services;
  await app.register(
    async (api) => {
      await api.register(shopRoutes, { clock, rules, reads: shopReads(database.db) });
      await api.register(marketingRoutes, { marketing: s.marketing, experiments: s.experiments });
      await api.register(experimentRoutes, { experiments: s.experiments });
      await api.register(basketRoutes, { baskets: s.baskets, takeawayBaskets: s.takeawayBaskets });
      await api.register(basketVoucherRoutes, { basketVouchers: s.basketVouchers, countCodeAttempt });
      await api.register(takeawayBasketRoutes, { takeawayBaskets: s.takeawayBaskets });
      await api.register(customerRoutes, { customers: s.customers });
      await api.register(accountRoutes, {
        accounts: s.accounts,
        customers: s.customers,
        baskets: s.baskets,
        secureCookies,
      });
      await api.register(sessionRoutes, {
        accounts: s.accounts,
        emailRequests: s.emailRequests,
        customers: s.customers,
        baskets: s.baskets,
        socialSignIn,
        secureCookies,
      });
      await api.register(addressRoutes, { addresses: s.addresses });
      await api.register(deliveryRoutes, { delivery: s.delivery, baskets: s.baskets });
      await api.register(addressLookupRoutes, {
        addressLookup: config.addressLookup,
        postcodes: config.postcodes,
        countHit,
      });
      await api.register(voucherRoutes, { vouchers: s.vouchers, countCodeAttempt });
      await api.register(rewardRoutes, {
        rewardBlocks: s.rewardBlocks,
        referrals: s.referrals,
        secureCookies,
      });
      await api.register(creditRoutes, { credit: s.credit, countCodeAttempt });
      await api.register(checkoutRoutes, { checkout: s.checkout, payments: s.payments });
      await api.register(orderRoutes, { orders: s.orders });
      await api.register(paymentRoutes, {
        payments: s.payments,
        paymentMethods: s.paymentMethods,
        orders: s.orders,
      });
      await api.register(subscriptionRoutes, { subscriptions: s.subscriptions });
      await api.register(scheduleRoutes, {
        schedule: s.schedule,
        planOrders: s.planOrders,
        orders: s.orders,
      });
      await api.register(giftRoutes, { gifts: s.gifts, payments: s.payments });
      await api.register(allergenRoutes, { allergenProfiles: s.allergenProfiles });
      await api.register(restaurantRoutes, { restaurants: s.restaurants, takeawayMenu: s.takeawayMenu });
      await api.register(takeawayRoutes, {
        takeawayOrders: s.takeawayOrders,
        takeawayTracking: s.takeawayTracking,
        payments: s.payments,
      });
      await api.register(kitchenRoutes, { kitchen: s.kitchen });
      await api.register(dineInRoutes, { tabs: s.tabs, bills: s.tabBills, tips: s.tips });
      await api.register(floorRoutes, { floor: s.floor });
      await api.register(eventRoutes, {
        catalogue: s.eventsCatalogue,
        bookings: s.eventBookings,
        payments: s.payments,
      });
      await api.register(bookingRoutes, {
        myBookings: s.myBookings,
        guests: s.eventGuests,
        changes: s.bookingChanges,
        payments: s.payments,
      });
      await api.register(hostRoutes, { host: s.eventHost });
      await api.register(ratingRoutes, { ratings: s.ratings });
      await api.register(supportRoutes, { support: s.support, customers: s.customers });
      await api.register(staffRoutes, { staff: s.staff });
      await api.register(productionRoutes, { production: s.production });
      await api.register(backOfficeOrderRoutes, { backOfficeOrders: s.backOfficeOrders });
      await api.register(catalogueAdminRoutes, {
        catalogueAdmin: s.catalogueAdmin,
        takeawayAdmin: s.takeawayAdmin,
        catalogueChanges: s.catalogueChanges,
      });
      await api.register(shopAdminRoutes, {
        vouchersAdmin: s.vouchersAdmin,
        settingsAdmin: s.settingsAdmin,
        bannersAdmin: s.bannersAdmin,
        restaurantsAdmin: s.restaurantsAdmin,
      });
      await api.register(eventsAdminRoutes, { eventSlotsAdmin: s.eventSlotsAdmin });
    },
    { prefix: API_PREFIX },
  );

  const { customers, experiments } = services;
  const page = async (request: FastifyRequest) => {
    const { id, ...attributes } = settingsView(await rules.get(), clock.now());
    const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
    const customer = customerId ? await customers.me(customerId).catch(() => null) : null;
    // The visitor's variants (decision 30): the first screen is already theirs (the banners' words), and
    // analytics carries the flag from the first event.
    const assignments = await experiments.assignments({
      visitorId: request.experimentVisitorId,
      customerId: customer ? customerId : null,
    });
    const flag = abFlag(assignments);
    const document = customer ? await customers.document(customer) : null;
    const experimentsSeen: PageExperiments = {
      abFlag: flag,
      customerType: customerTypeOf(document?.data.attributes ?? null),
      unrecorded: document !== null && assignments.some((assignment) => !assignment.recorded),
    };
    return {
      bootstrap: {
        settings: snakeKeys({ data: { id, type: 'settings', attributes } }),
        customer: document ? snakeKeys(document) : null,
        experiments: snakeKeys(experimentsSeen),
      },
      // Public pages change with the menu week (and its one-off week) and the visitor's experiment variants;
      // the customer type is the only thing about the customer a public page may ever depend on.
      variant: `${attributes.firstOrderableWeek}/${attributes.oneOffMenuWeek} ${customerId ? 'customer' : 'visitor'} ${flag}`,
      render: { experiments: assignments },
    };
  };
  const web = serveWeb
    ? await registerWebApp(app, {
        distDir: config.webDistDir,
        // The server's entry is built beside the browser's (dist/web → dist/ssr).
        ssrDir: join(config.webDistDir, '..', 'ssr'),
        config: publicConfig(config),
        errorReportingDsn: config.observability.sentryBrowserDsn,
        publicUrl: config.publicUrl,
        page,
      })
    : null;
  servingWeb = web !== null;
  // A page rendered from the catalogue before the back office changed it is made again (issue 25 part 2).
  if (web) services.catalogueChanges.listen(() => web.forgetPages());
  const menuAddress = { db: database.db, secureCookies: config.secureCookies };
  app.setNotFoundHandler(async (request, reply) => {
    if (!isPageRequest(request) || !web) return sendNotFound(request, reply);
    // A bare takeaway menu address goes to its basket's restaurant's (http/takeaway-menu-address.ts), the
    // bare /dine-in to the visitor's table (http/restaurant-addresses.ts).
    const to =
      (await takeawayMenuRedirect(request, menuAddress)) ?? (await tableRedirect(request, menuAddress));
    if (to) return reply.header('cache-control', 'no-store').redirect(to, 302);
    // A page whose address names no restaurant of ours, or no table of it, is no page: its answer is 404,
    // the page's own not-found screen (http/restaurant-addresses.ts).
    return web.sendIndex(request, reply, (await namesNoRestaurant(request, menuAddress)) ? 404 : 200);
  });

  return app as unknown as FastifyInstance;
}
