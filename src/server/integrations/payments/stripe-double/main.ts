import { buildStripeDouble } from './stripe-double';

// Starts the Stripe double on its own port (decision 20): `node scripts/build-server.mjs && node
// dist/server/stripe-double.mjs` (compiled with the server). The live e2e journeys start it, and so can a
// `PAYMENTS=live` demo, with STRIPE_API_URL and STRIPE_JS_URL pointed at it. Never in production.

if (process.env.NODE_ENV === 'production') {
  process.stderr.write('The Stripe double is for tests and demos only: not with NODE_ENV=production.\n');
  process.exit(1);
}

const port = Number(process.env.STRIPE_DOUBLE_PORT ?? 4194);
const host = process.env.STRIPE_DOUBLE_HOST ?? '127.0.0.1';
const app = buildStripeDouble();
await app.listen({ port, host });
process.stdout.write(`Stripe double on http://${host}:${port} (Stripe.js at /v3/)\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
