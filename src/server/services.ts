import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createPostcodeService } from './integrations/postcodes';
import type { PaymentProcessors } from './integrations/payments/port';
import { AccountsService } from './modules/auth/accounts.service';
import { emailRequestsOf, type EmailRequests } from './modules/auth/email-requests';
import { BasketService } from './modules/baskets/baskets.service';
import { CheckoutService } from './modules/checkout/checkout.service';
import { PaymentMethodsService } from './modules/checkout/payment-methods.service';
import { PaymentsService } from './modules/checkout/payments.service';
import { CreditService } from './modules/credit/credit.service';
import { AddressesService } from './modules/customers/addresses.service';
import { CustomersService } from './modules/customers/customers.service';
import { DeliveryService } from './modules/delivery/delivery.service';
import { GiftBoxService } from './modules/gifts/gifts.service';
import type { ShopRulesCache } from './modules/shop/shop.service';
import { VouchersService } from './modules/vouchers/vouchers.service';

// The composition root (issue 10 part 3): every service is built here, once, and handed to the route
// plugins and the jobs. Nothing else constructs a service.

export interface Services {
  accounts: AccountsService;
  emailRequests: EmailRequests;
  customers: CustomersService;
  addresses: AddressesService;
  baskets: BasketService;
  vouchers: VouchersService;
  credit: CreditService;
  delivery: DeliveryService;
  checkout: CheckoutService;
  payments: PaymentsService;
  paymentMethods: PaymentMethodsService;
  gifts: GiftBoxService;
}

export interface ServiceParts {
  config: Config;
  database: Database;
  clock: Clock;
  rules: ShopRulesCache;
  processors: PaymentProcessors;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

export function buildServices({ config, database, clock, rules, processors, log }: ServiceParts): Services {
  const db = database.db;
  const emailRequests = emailRequestsOf(db, config.publicUrl);
  emailRequests.log = log;
  return {
    accounts: new AccountsService(db, config.publicUrl, { emailRequests }),
    emailRequests,
    customers: new CustomersService(db, clock),
    addresses: new AddressesService(db),
    baskets: new BasketService(db, rules, clock),
    vouchers: new VouchersService(db, rules, clock),
    credit: new CreditService(db, clock),
    delivery: new DeliveryService(db, createPostcodeService(config.postcodes), clock, log),
    checkout: new CheckoutService(db, rules, clock),
    payments: new PaymentsService(db, processors, rules, clock, config.publicUrl),
    paymentMethods: new PaymentMethodsService(
      db,
      processors,
      config.publicUrl,
      config.payments.mode === 'sandbox',
    ),
    gifts: new GiftBoxService(db, rules, clock),
  };
}
