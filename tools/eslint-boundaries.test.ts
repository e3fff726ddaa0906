import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import boundaries, { webPlaceOf } from './eslint-boundaries.js';

// The import-boundary rule itself: each forbidden import is caught, and the allowed ones are not. Files
// are virtual: only their names (where they sit) and their import statements matter.

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (rel: string) => path.join(ROOT, rel);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const rule = boundaries.rules.boundaries;

/** An import of `source` from the file `file`, written in each form the rule reads. */
const forms = (file: string, source: string) => [
  { filename: at(file), code: `import { x } from '${source}';` },
  { filename: at(file), code: `export { x } from '${source}';` },
  { filename: at(file), code: `export * from '${source}';` },
  { filename: at(file), code: `const m = import('${source}');` },
];
const denied = (file: string, source: string, why: RegExp) =>
  forms(file, source).map((c) => ({
    ...c,
    errors: [{ message: why }],
  }));

describe('webPlaceOf', () => {
  it.each([
    ['src/web/shared/forms/use-form.ts', { part: 'shared', unit: null }],
    ['src/web/app/guards.ts', { part: 'app', unit: null }],
    ['src/web/features/delivery/address-picker.tsx', { part: 'features', unit: 'delivery' }],
    ['src/web/pages/checkout/address-step.tsx', { part: 'pages', unit: 'checkout' }],
    ['src/web/pages/menu-page.tsx', { part: 'pages', unit: 'menu-page' }],
    ['src/web/pages/menu-page', { part: 'pages', unit: 'menu-page' }],
    ['src/web/routes.tsx', { part: 'root', unit: null }],
  ])('%s', (rel, place) => {
    if (JSON.stringify(webPlaceOf(rel)) !== JSON.stringify(place)) {
      throw new Error(`${rel}: ${JSON.stringify(webPlaceOf(rel))}`);
    }
  });
});

tester.run('sfoglia/boundaries', rule as never, {
  valid: [
    // A page composes features, app and shared, and its own files.
    ...forms('src/web/pages/checkout/payment-step.tsx', '../../features/payments/pay-section'),
    ...forms('src/web/pages/checkout/payment-step.tsx', '../../app/use-finish-payment'),
    ...forms('src/web/pages/checkout/payment-step.tsx', './checkout-frame'),
    ...forms('src/web/pages/menu-page.tsx', '../features/menu/dish-card'),
    // A feature uses shared and its own files; app uses features; the route table uses pages.
    ...forms('src/web/features/delivery/address-picker.tsx', '../../shared/forms/address-form'),
    ...forms('src/web/features/delivery/address-picker.tsx', './postcode-lookup'),
    ...forms('src/web/app/use-finish-payment.ts', '../features/orders/orders.queries'),
    ...forms('src/web/routes.tsx', './pages/checkout/checkout-routes'),
    // Everyone may use domain and contracts; contracts use domain.
    ...forms('src/web/shared/api/client.ts', '../../../contracts/errors'),
    ...forms('src/contracts/errors.ts', '../domain/errors'),
    // Packages are not ours to judge.
    ...forms('src/web/shared/forms/use-form.ts', 'react'),
  ],
  invalid: [
    // Pages never import other pages: a folder is one page, and so is a file.
    ...denied(
      'src/web/pages/gifts/gift-send-page.tsx',
      '../checkout/address-step',
      /page "gifts" must not import page "checkout"/,
    ),
    ...denied(
      'src/web/pages/checkout/payment-step.tsx',
      '../payment/pay-section',
      /page "checkout" must not import page "payment"/,
    ),
    ...denied(
      'src/web/pages/order-page.tsx',
      './menu-page',
      /page "order-page" must not import page "menu-page"/,
    ),
    ...denied(
      'src/web/pages/account/dashboard-page.tsx',
      '../order-page',
      /page "account" must not import page "order-page"/,
    ),
    ...denied(
      'src/web/pages/menu-page.tsx',
      './checkout/flows',
      /page "menu-page" must not import page "checkout"/,
    ),
    // shared never imports pages, features or app.
    ...denied(
      'src/web/shared/forms/use-form.ts',
      '../../pages/checkout/flows',
      /web\/shared must not import web\/pages/,
    ),
    ...denied(
      'src/web/shared/customer.queries.ts',
      '../features/auth/auth.api',
      /web\/shared must not import web\/features/,
    ),
    ...denied('src/web/shared/ui/dialog.tsx', '../../app/shell', /web\/shared must not import web\/app/),
    // A feature never imports another feature, a page or app.
    ...denied(
      'src/web/features/payments/pay.ts',
      '../orders/orders.queries',
      /feature "payments" must not import feature "orders"/,
    ),
    ...denied(
      'src/web/features/delivery/address-picker.tsx',
      '../../pages/checkout/flows',
      /web\/features must not import web\/pages/,
    ),
    ...denied(
      'src/web/features/payments/use-pay-order.ts',
      '../../app/use-finish-payment',
      /web\/features must not import web\/app/,
    ),
    // app never imports a page (only the route table does).
    ...denied(
      'src/web/app/guards.ts',
      '../pages/checkout/checkout-guards',
      /web\/app must not import web\/pages/,
    ),
    // The layers: the web never imports the server; domain imports nothing of ours.
    ...denied(
      'src/web/shared/api/client.ts',
      '../../../server/http/problems',
      /src\/web must not import src\/server/,
    ),
    ...denied('src/domain/errors.ts', '../contracts/errors', /src\/domain must not import src\/contracts/),
  ],
});

tester.run('sfoglia/boundaries on the server', rule as never, {
  valid: [
    // An area reaches another through its index; within an area anything goes.
    ...forms('src/server/modules/recipe-kit/checkout.service.ts', '../orders'),
    ...forms('src/server/modules/recipe-kit/checkout.service.ts', '../orders/index'),
    ...forms('src/server/modules/recipe-kit/checkout.service.ts', './pricing'),
    // The composition root and the app may use every area's face; modules use db, http and integrations.
    ...forms('src/server/services.ts', './modules/payments'),
    ...forms('src/server/modules/payments/payments.service.ts', '../../integrations/payments/port'),
    ...forms('src/server/modules/baskets/baskets.routes.ts', '../../http/basket-owner'),
    // A test of the HTTP edge may use an area for its fixtures.
    ...forms('src/server/http/logging.test.ts', '../modules/auth'),
    // Services are built in the composition root, and by tests with their doubles.
    { filename: at('src/server/services.ts'), code: 'const s = new PaymentsService(db);' },
    {
      filename: at('src/server/modules/auth/email-requests.test.ts'),
      code: 'const s = new AccountsService(db);',
    },
    // Building other things is fine.
    { filename: at('src/server/modules/payments/payments.service.ts'), code: 'const k = new OrderKinds();' },
  ],
  invalid: [
    // Another area's insides: its repo, routes or services.
    ...denied(
      'src/server/modules/recipe-kit/checkout.service.ts',
      '../orders/orders.repo',
      /area "recipe-kit" must reach area "orders" through its public face/,
    ),
    ...denied(
      'src/server/modules/gifts/gifts.service.ts',
      '../payments/payments.service',
      /area "gifts" must reach area "payments" through its public face/,
    ),
    // A route file importing another route file, in its area or another.
    ...denied(
      'src/server/modules/vouchers/vouchers.routes.ts',
      './basket.routes',
      /a route file must not import another route file/,
    ),
    ...denied(
      'src/server/modules/credit/credit.routes.ts',
      '../vouchers/vouchers.routes',
      /a route file must not import another route file/,
    ),
    // What modules are built on never imports them.
    ...denied('src/server/db/seed/demo-seed.ts', '../../modules/menu', /server\/db must not import modules/),
    ...denied(
      'src/server/integrations/email/templates.ts',
      '../../modules/orders',
      /server\/integrations must not import modules/,
    ),
    ...denied('src/server/http/session.ts', '../modules/auth', /server\/http must not import modules/),
    // A service built anywhere but the composition root.
    {
      filename: at('src/server/modules/gifts/gifts.routes.ts'),
      code: 'const payments = new PaymentsService(db);',
      errors: [{ message: /PaymentsService is built once, in src\/server\/services.ts/ }],
    },
  ],
});
