import type { Config } from './config';
import type { Clock } from './clock';
import type { Database } from './db/client';
import type { ShopRulesCache } from './modules/shop/shop.service';
import type { SocialSignIn } from './integrations/social-sign-in';
import type { PaymentProcessors } from './integrations/payments/port';
import type { Services } from './services';

/** What route modules are built from: passed down explicitly, never imported as globals. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  rules: ShopRulesCache;
  socialSignIn: SocialSignIn;
  /** The payment processors by name (sandbox or live, from PAYMENTS). */
  payments: PaymentProcessors;
  /** Every service, built once (services.ts). */
  services: Services;
}
