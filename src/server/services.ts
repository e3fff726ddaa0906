import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createCourier } from './integrations/courier';
import { createFulfilment } from './integrations/fulfilment';
import { createPostcodeService } from './integrations/postcodes';
import type { PaymentProcessors } from './integrations/payments/port';
import { AccountsService, emailRequestsOf, type EmailRequests } from './modules/auth';
import { BasketService, BasketVouchersService } from './modules/baskets';
import { CheckoutService, recipeKitKind } from './modules/recipe-kit';
import { CreditService } from './modules/credit';
import { AddressesService, AllergenProfileService, CustomersService } from './modules/customers';
import { DeliveryService } from './modules/delivery';
import {
  BookingChangesService,
  bookingEmails,
  EventBookingsService,
  EventGuestsService,
  EventHostService,
  EventSlotsAdminService,
  EventsCatalogueService,
  eventKind,
  MyBookingsService,
} from './modules/events';
import { ExperimentsService } from './modules/experiments';
import { FulfilmentService } from './modules/fulfilment';
import { GiftBoxService, giftKind } from './modules/gifts';
import { KitchenService } from './modules/kitchen';
import {
  FloorService,
  shareKind,
  TabBillsService,
  tabKind,
  TabsService,
  TipsService,
} from './modules/dine-in';
import { MarketingService } from './modules/marketing';
import { RatingsService, ratingsAsOrderExtras } from './modules/ratings';
import { SupportService } from './modules/support';
import { StaffService } from './modules/staff';
import { ProductionService } from './modules/production';
import { BackOfficeOrdersService, refundsOnOrders } from './modules/back-office-orders';
import { CatalogueAdminService, TakeawayAdminService } from './modules/catalogue-admin';
import {
  BannersAdminService,
  RestaurantsAdminService,
  SettingsAdminService,
  VouchersAdminService,
} from './modules/shop-admin';
import { CatalogueChanges } from './modules/menu';
import { CheckoutEndings, OrderKinds, OrdersService } from './modules/orders';
import { checkoutPayments, PaymentMethodsService, PaymentsService } from './modules/payments';
import type { ShopRulesCache } from './modules/shop';
import { cachedCatalogue, RestaurantsService, TakeawayMenuService } from './modules/restaurants';
import {
  PlanBillingService,
  PlanOrdersService,
  plansAsPaymentMethodUsers,
  plansAsPlanOwners,
  planWeekKind,
  ScheduleService,
  SubscriptionsService,
} from './modules/subscriptions';
import {
  TakeawayBasketService,
  takeawayKind,
  TakeawayOrdersService,
  TakeawayTrackingService,
} from './modules/takeaway';
import { VouchersService } from './modules/vouchers';
import { LoyaltyService, ReferralSettlement, ReferralsService, RewardBlocksService } from './modules/rewards';
import { paidPlanBoxes, plansOfCustomer } from './modules/subscriptions';

// The composition root (issue 10 part 3): every service is built here, once, and handed to the route
// plugins and the jobs; every order kind is registered here, for orders and payments to call. Nothing else constructs a
// service (a lint rule keeps it so).

export interface Services {
  accounts: AccountsService;
  emailRequests: EmailRequests;
  customers: CustomersService;
  addresses: AddressesService;
  baskets: BasketService;
  basketVouchers: BasketVouchersService;
  takeawayBaskets: TakeawayBasketService;
  vouchers: VouchersService;
  credit: CreditService;
  delivery: DeliveryService;
  checkout: CheckoutService;
  checkoutEndings: CheckoutEndings;
  /** Every order kind, registered once here; orders and payments call their hooks. */
  orderKinds: OrderKinds;
  orders: OrdersService;
  payments: PaymentsService;
  paymentMethods: PaymentMethodsService;
  subscriptions: SubscriptionsService;
  schedule: ScheduleService;
  planOrders: PlanOrdersService;
  planBilling: PlanBillingService;
  fulfilment: FulfilmentService;
  gifts: GiftBoxService;
  allergenProfiles: AllergenProfileService;
  restaurants: RestaurantsService;
  takeawayMenu: TakeawayMenuService;
  takeawayOrders: TakeawayOrdersService;
  takeawayTracking: TakeawayTrackingService;
  kitchen: KitchenService;
  tabs: TabsService;
  tabBills: TabBillsService;
  tips: TipsService;
  floor: FloorService;
  eventsCatalogue: EventsCatalogueService;
  eventBookings: EventBookingsService;
  myBookings: MyBookingsService;
  bookingChanges: BookingChangesService;
  eventGuests: EventGuestsService;
  eventHost: EventHostService;
  eventSlotsAdmin: EventSlotsAdminService;
  support: SupportService;
  /** The back office's staff, roles, invitations and audit log (issue 25 part 1). */
  staff: StaffService;
  /** The kitchen's production plan (issue 25 part 5). */
  production: ProductionService;
  /** The back office's orders and customers: search, refunds, credit, plan actions (issue 25 part 4). */
  backOfficeOrders: BackOfficeOrdersService;
  /** The back office's dishes, pictures, weekly menus and takeaway menus (issue 25 part 2). */
  catalogueAdmin: CatalogueAdminService;
  takeawayAdmin: TakeawayAdminService;
  vouchersAdmin: VouchersAdminService;
  settingsAdmin: SettingsAdminService;
  bannersAdmin: BannersAdminService;
  restaurantsAdmin: RestaurantsAdminService;
  /** Said when the back office changes the catalogue: the copies kept of it are forgotten. */
  catalogueChanges: CatalogueChanges;
  marketing: MarketingService;
  ratings: RatingsService;
  experiments: ExperimentsService;
  referrals: ReferralsService;
  referralSettlement: ReferralSettlement;
  loyalty: LoyaltyService;
  rewardBlocks: RewardBlocksService;
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
  // Each order kind's hooks: what paying, failing, refunding or giving up its checkout means (orders/order-kinds.ts).
  const recipeKit = recipeKitKind(config.publicUrl, rules);
  const takeaway = takeawayKind(config.publicUrl, rules);
  const kinds = new OrderKinds()
    .register('recipe_kit', recipeKit)
    .register('one_off', recipeKit)
    .register('gift_box', giftKind(config.publicUrl))
    .register('plan_week', planWeekKind(config.publicUrl, rules))
    .register('takeaway', takeaway)
    .register('catering', takeaway)
    .register('dine_in_tab', tabKind(config.publicUrl))
    .register('dine_in_share', shareKind(config.publicUrl))
    .register('event_booking', eventKind(rules, bookingEmails(config.publicUrl, rules)));
  const paymentMethods = new PaymentMethodsService(
    db,
    processors,
    config.publicUrl,
    config.payments.mode === 'sandbox',
    plansAsPaymentMethodUsers,
    clock,
  );
  const checkoutEndings = new CheckoutEndings(db, kinds, checkoutPayments);
  const schedule = new ScheduleService(db, rules, clock, config.publicUrl);
  const payments = new PaymentsService(db, processors, rules, clock, config.publicUrl, kinds, paymentMethods);
  const takeawayCatalogue = cachedCatalogue(db);
  const takeawayMenu = new TakeawayMenuService(db, clock, takeawayCatalogue);
  const catalogueChanges = new CatalogueChanges();
  catalogueChanges.listen(() => takeawayCatalogue.forget());
  const takeawayTracking = new TakeawayTrackingService(db, clock, createCourier(config.courier, db, clock));
  const tabs = new TabsService(db, rules, clock, checkoutEndings, config.publicUrl);
  const tabBills = new TabBillsService(db, clock, checkoutEndings, payments, tabs);
  const myBookings = new MyBookingsService(db, rules, clock, config.publicUrl);
  // Rewards (decision 30) read plans through these (the subscriptions area reads rewards for its views).
  const planReads = { paidPlanBoxes, plansOfCustomer };
  const referrals = new ReferralsService(db, rules, clock, config.publicUrl, log);
  const marketing = new MarketingService(db, clock);
  return {
    // An unconfirmed account taken over by its inbox's owner keeps no saved card (decision 18).
    accounts: new AccountsService(db, config.publicUrl, {
      emailRequests,
      forgetSavedMethods: (tx, customerId) => paymentMethods.forgetAll(tx, customerId),
      clock,
      signUpsPerAddress: config.signUpsPerAddress,
      // A referral link opened before signing up brings its welcome (decision 30).
      onJoined: (tx, customer, token) => referrals.joinAtSignUp(tx, customer, token),
    }),
    emailRequests,
    customers: new CustomersService(db, clock),
    addresses: new AddressesService(db),
    baskets: new BasketService(db, rules, clock),
    basketVouchers: new BasketVouchersService(db, rules, clock),
    takeawayBaskets: new TakeawayBasketService(db, clock),
    vouchers: new VouchersService(db),
    credit: new CreditService(db, clock),
    delivery: new DeliveryService(db, createPostcodeService(config.postcodes), clock, log),
    checkout: new CheckoutService(db, rules, clock, checkoutEndings),
    checkoutEndings,
    orderKinds: kinds,
    orders: new OrdersService(
      db,
      rules,
      clock,
      config.publicUrl,
      plansAsPlanOwners,
      refundsOnOrders(ratingsAsOrderExtras),
    ),
    payments,
    paymentMethods,
    subscriptions: new SubscriptionsService(db, rules, clock, config.publicUrl),
    schedule,
    planOrders: new PlanOrdersService(db, rules, clock, config.publicUrl, schedule),
    // On the embedded database's one connection a pass bills one week at a time.
    planBilling: new PlanBillingService(
      db,
      rules,
      clock,
      config.publicUrl,
      payments,
      schedule,
      database.kind === 'postgres' ? 4 : 1,
    ),
    gifts: new GiftBoxService(db, rules, clock, checkoutEndings),
    fulfilment: new FulfilmentService(db, clock, createFulfilment(config, db, clock), config.publicUrl),
    allergenProfiles: new AllergenProfileService(db, clock),
    restaurants: new RestaurantsService(db, clock),
    takeawayMenu,
    takeawayOrders: new TakeawayOrdersService(db, rules, clock, checkoutEndings),
    takeawayTracking,
    kitchen: new KitchenService(db, clock, payments, takeawayTracking, takeawayMenu, log),
    tabs,
    tabBills,
    tips: new TipsService(db, clock, tabs, config.publicUrl),
    floor: new FloorService(db, clock, tabBills, config.publicUrl),
    eventsCatalogue: new EventsCatalogueService(db, rules, clock),
    eventBookings: new EventBookingsService(db, rules, clock, checkoutEndings),
    myBookings,
    bookingChanges: new BookingChangesService(db, rules, clock, checkoutEndings, myBookings),
    eventGuests: new EventGuestsService(db, clock),
    eventHost: new EventHostService(db, rules, clock),
    eventSlotsAdmin: new EventSlotsAdminService(db, clock),
    support: new SupportService(db, clock, config.publicUrl, config.email.support),
    staff: new StaffService(db, clock, config.publicUrl),
    production: new ProductionService(db, clock),
    backOfficeOrders: new BackOfficeOrdersService(
      db,
      clock,
      payments,
      new CreditService(db, clock),
      new SubscriptionsService(db, rules, clock, config.publicUrl),
      schedule,
      config.publicUrl,
    ),
    catalogueAdmin: new CatalogueAdminService(db, clock, catalogueChanges),
    takeawayAdmin: new TakeawayAdminService(db, clock, catalogueChanges),
    vouchersAdmin: new VouchersAdminService(db, clock),
    settingsAdmin: new SettingsAdminService(db, clock, rules, catalogueChanges),
    bannersAdmin: new BannersAdminService(db, clock, catalogueChanges),
    restaurantsAdmin: new RestaurantsAdminService(db, clock, catalogueChanges),
    catalogueChanges,
    marketing,
    ratings: new RatingsService(db, clock, config.publicUrl, config.email.support),
    experiments: new ExperimentsService(db),
    referrals,
    referralSettlement: new ReferralSettlement(db, rules, clock, config.publicUrl),
    loyalty: new LoyaltyService(db, rules, clock, config.publicUrl, planReads),
    rewardBlocks: new RewardBlocksService(db, rules, clock, config.publicUrl, planReads, marketing),
  };
}
