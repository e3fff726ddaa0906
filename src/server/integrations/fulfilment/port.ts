import type { IsoDate } from '../../../domain/calendar';
import type { ParcelStatus } from '../../../domain/fulfilment';

// The fulfilment port (issue 12 part 2): the warehouse that packs a paid box and the courier that brings it.
// The shop hands a box over at its dispatch deadline and then asks where its parcel stands. The embedded
// stand-in (embedded.ts) really does this on a bare machine, on the shop's clock; ShipBob (shipbob.ts) is
// the production adapter (a 3PL with fulfilment centres and carriers behind one API).
//
// Rules every implementation keeps:
// - Handing over the same reference (our order id) twice returns the same parcel: a retry or two workers
//   never make two parcels.
// - Exceptions are for the warehouse being unreachable or refusing the request (FulfilmentError); a parcel
//   that cannot be sent is a status (`problem`, `cancelled`), not an exception.
// - Never called inside a shop database transaction.

export interface ParcelRequest {
  /** Our order id: the parcel's reference at the warehouse, unique. */
  reference: string;
  /** What a person reads: "#100042". */
  orderNumber: string;
  deliveryDate: IsoDate;
  recipient: {
    name: string;
    address1: string;
    address2: string | null;
    city: string;
    postcode: string;
    phone: string | null;
    email: string | null;
  };
  /** The customer's note for the courier. */
  note: string | null;
  items: { sku: string; title: string; quantity: number }[];
}

export interface Parcel {
  /** The warehouse's id for it. */
  ref: string;
  status: ParcelStatus;
  trackingUrl: string | null;
}

export interface FulfilmentPort {
  readonly name: 'embedded' | 'shipbob';
  submitParcel(request: ParcelRequest): Promise<Parcel>;
  parcel(ref: string): Promise<Parcel>;
  /**
   * The embedded stand-in only, in development: its courier delivers the parcel now, before its day (a
   * journey on a pinned clock that needs a box that came; FulfilmentService.deliverNowForDevelopment).
   */
  deliverNow?(ref: string): Promise<Parcel>;
}

export class FulfilmentError extends Error {
  constructor(
    message: string,
    readonly statusCode = 500,
  ) {
    super(message);
    this.name = 'FulfilmentError';
  }
}
