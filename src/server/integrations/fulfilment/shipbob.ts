import type { ParcelStatus } from '../../../domain/fulfilment';
import { FulfilmentError, type FulfilmentPort, type Parcel, type ParcelRequest } from './port';

// ShipBob (a 3PL with UK fulfilment centres): the production fulfilment adapter. An order is created with
// our order id as its `reference_id` (unique in the account: a second create answers 422, and we read the
// first one back), and read again by its id. Where a parcel stands comes from its shipment:
//   Processing / None / ImportReview → accepted   LabeledCreated → packed (picked, packed, labelled)
//   Completed (left the warehouse with the courier) → out_for_delivery   delivery_date set → delivered
//   Cancelled → cancelled   Exception / OnHold → problem (someone at the shop must look)
// Tested against recorded response shapes (fixtures/shipbob, shipbob.test.ts).

export interface ShipBobOptions {
  apiUrl: string;
  /** A personal access token (Integrations › API Tokens); sent as a bearer token, never logged. */
  token: string;
  channelId: string;
  /** The ship method mapped in ShipBob to the next-day chilled service. */
  shippingMethod: string;
  fetch?: typeof fetch;
}

interface ShipBobShipment {
  id: number;
  status?: string | null;
  delivery_date?: string | null;
  tracking?: { tracking_url?: string | null; tracking_number?: string | null } | null;
}

interface ShipBobOrder {
  id: number;
  reference_id?: string | null;
  status?: string | null;
  shipments?: ShipBobShipment[] | null;
}

export function parcelOf(order: ShipBobOrder): Parcel {
  const shipment = order.shipments?.[0];
  return {
    ref: String(order.id),
    status: shipmentStatus(shipment, order.status ?? null),
    trackingUrl: shipment?.tracking?.tracking_url ?? null,
  };
}

function shipmentStatus(shipment: ShipBobShipment | undefined, orderStatus: string | null): ParcelStatus {
  if (shipment?.delivery_date) return 'delivered';
  const status = shipment?.status ?? orderStatus ?? 'Processing';
  switch (status) {
    case 'LabeledCreated':
      return 'packed';
    case 'Completed':
    case 'Fulfilled':
      return 'out_for_delivery';
    case 'Cancelled':
      return 'cancelled';
    case 'Exception':
    case 'OnHold':
      return 'problem';
    default:
      return 'accepted';
  }
}

export function shipBobOrderBody(request: ParcelRequest, shippingMethod: string) {
  return {
    reference_id: request.reference,
    order_number: request.orderNumber,
    type: 'DTC',
    shipping_method: shippingMethod,
    recipient: {
      name: request.recipient.name,
      address: {
        address1: request.recipient.address1,
        address2: request.recipient.address2,
        city: request.recipient.city,
        zip_code: request.recipient.postcode,
        country: 'GB',
      },
      email: request.recipient.email,
      phone_number: request.recipient.phone,
    },
    products: request.items.map((item) => ({
      reference_id: item.sku,
      name: item.title,
      quantity: item.quantity,
    })),
    tags: [
      { name: 'Delivery date', value: request.deliveryDate },
      ...(request.note ? [{ name: 'Delivery note', value: request.note.slice(0, 200) }] : []),
    ],
  };
}

export function createShipBobFulfilment(options: ShipBobOptions): FulfilmentPort {
  const send = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/$/, '');
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> => {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.token}`,
          shipbob_channel_id: options.channelId,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new FulfilmentError(`ShipBob could not be reached: ${(error as Error).message}`, 503);
    }
    const text = await response.text();
    const json = (text ? JSON.parse(text) : null) as T;
    return { status: response.status, json };
  };
  const failed = (what: string, status: number) =>
    new FulfilmentError(
      `ShipBob answered ${status} to ${what}`,
      status >= 500 || status === 429 ? 503 : status,
    );

  return {
    name: 'shipbob',
    async submitParcel(request) {
      const created = await call<ShipBobOrder>(
        'POST',
        '/1.0/order',
        shipBobOrderBody(request, options.shippingMethod),
      );
      if (created.status === 200 || created.status === 201) return parcelOf(created.json);
      if (created.status !== 422) throw failed('creating an order', created.status);
      // The reference exists already (a retry, or another worker): that order is the parcel.
      const found = await call<ShipBobOrder[]>(
        'GET',
        `/1.0/order?ReferenceIds=${encodeURIComponent(request.reference)}`,
      );
      const order =
        found.status === 200 ? found.json?.find((o) => o.reference_id === request.reference) : undefined;
      if (!order) throw failed('creating an order (and reading the one with its reference)', created.status);
      return parcelOf(order);
    },
    async parcel(ref) {
      const found = await call<ShipBobOrder>('GET', `/1.0/order/${encodeURIComponent(ref)}`);
      if (found.status !== 200) throw failed('reading an order', found.status);
      return parcelOf(found.json);
    },
  };
}
