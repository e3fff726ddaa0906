// The courier port (issue 13 part 3; architecture decision 8): the shop asks a delivery company for a rider
// to take an order from a restaurant to a customer, and asks where the rider is. The embedded stand-in
// (./local.ts) sends a rider along the way on the shop's clock; the production adapter (./uber-direct.ts) is
// Uber Direct's DaaS API. ./index.ts picks one by COURIER.
//
// Rules every implementation keeps:
// - Asking again for the same order (`externalId`) is the same delivery where the company allows it.
// - Statuses are Uber Direct's: pending (no rider yet), pickup (riding to the restaurant), pickup_complete
//   (has the food), dropoff (riding to the customer), delivered, canceled, returned.
// - Never called inside a shop database transaction.

export type CourierStatus =
  'pending' | 'pickup' | 'pickup_complete' | 'dropoff' | 'delivered' | 'canceled' | 'returned';

export interface CourierPlace {
  name: string;
  /** "52 Dean Street, London, W1D 3GN". */
  address: string;
  /** E.164 (+442079460101). */
  phone: string;
  lat: number;
  lon: number;
}

export interface DeliveryRequest {
  /** The shop's order id. */
  externalId: string;
  pickup: CourierPlace;
  dropoff: CourierPlace & { notes: string | null };
  items: { name: string; quantity: number }[];
  /** When the food is ready to collect. */
  readyAt: Date;
}

export interface CourierDelivery {
  /** del_… */
  id: string;
  status: CourierStatus;
  rider: { name: string; lat: number | null; lon: number | null } | null;
  pickup: { lat: number; lon: number };
  dropoff: { lat: number; lon: number };
  dropoffEta: Date | null;
  /** When it was handed over (delivered), as the courier says. */
  deliveredAt: Date | null;
  trackingUrl: string | null;
  /** When this answer was true. */
  at: Date;
}

export interface CourierService {
  readonly name: 'embedded' | 'uber_direct';
  createDelivery(request: DeliveryRequest): Promise<CourierDelivery>;
  getDelivery(id: string): Promise<CourierDelivery>;
  cancelDelivery(id: string): Promise<CourierDelivery>;
}

/** The courier refused a request (4xx) or could not be reached (5xx, network). Never carries a secret. */
export class CourierError extends Error {
  override name = 'CourierError';
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode = 502,
  ) {
    super(message);
  }
}
