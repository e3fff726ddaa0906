import * as z from 'zod/mini';
import type { FetchLike } from '../postcodes/fetch-json';
import {
  CourierError,
  type CourierDelivery,
  type CourierService,
  type CourierStatus,
  type DeliveryRequest,
} from './port';

// The production courier: Uber Direct's DaaS API (COURIER=uber_direct). Environment: UBER_DIRECT_CLIENT_ID,
// UBER_DIRECT_CLIENT_SECRET, UBER_DIRECT_CUSTOMER_ID (server only), UBER_DIRECT_API_URL (default
// https://api.uber.com) and UBER_DIRECT_AUTH_URL (default https://login.uber.com/oauth/v2/token).
// - Auth: POST the auth URL, form `client_id, client_secret, grant_type=client_credentials,
//   scope=eats.deliveries` → `{ access_token, expires_in, token_type }`; kept until a minute before expiry,
//   asked again after a 401.
// - Create: POST /v1/customers/{customer_id}/deliveries with pickup_* and dropoff_* (name, structured address
//   as a JSON string, phone, latitude, longitude), manifest_items, external_id (our order id) and
//   pickup_ready_dt → a delivery: `{ id: "del_…", status, courier: { name, location: { lat, lng } } | null,
//   pickup: { location }, dropoff: { location, status_timestamp }, dropoff_eta, tracking_url, updated }`.
// - Read: GET …/deliveries/{id}; cancel: POST …/deliveries/{id}/cancel.
// - Errors: `{ code, message, kind: "error" }` with 4xx (invalid_params, unauthorized, delivery_not_found,
//   noncancelable_delivery) or 5xx.
// Uber documents no idempotency key for a create: the shop asks once per order and keeps the id it gets
// (takeaway_orders.courier_ref); external_id ties Uber's record to our order.

const TIMEOUT_MS = 8_000;

const point = z.looseObject({ lat: z.number(), lng: z.number() });
const waypoint = z.looseObject({
  location: z.optional(z.nullable(point)),
  status_timestamp: z.optional(z.nullable(z.string())),
});
const deliverySchema = z.looseObject({
  id: z.string(),
  status: z.enum(['pending', 'pickup', 'pickup_complete', 'dropoff', 'delivered', 'canceled', 'returned']),
  courier: z.optional(
    z.nullable(z.looseObject({ name: z.optional(z.string()), location: z.optional(z.nullable(point)) })),
  ),
  pickup: z.optional(waypoint),
  dropoff: z.optional(waypoint),
  dropoff_eta: z.optional(z.nullable(z.string())),
  tracking_url: z.optional(z.nullable(z.string())),
  updated: z.optional(z.string()),
});
const tokenSchema = z.looseObject({ access_token: z.string(), expires_in: z.number() });
const errorSchema = z.looseObject({ code: z.optional(z.string()), message: z.optional(z.string()) });

export interface UberDirectOptions {
  clientId: string;
  clientSecret: string;
  customerId: string;
  apiUrl: string;
  authUrl: string;
  fetch?: FetchLike;
  /** The clock for token expiry (real time: tokens expire in Uber's time, not the shop's). */
  now?: () => number;
}

/** "52 Dean Street, London, W1D 3GN" as Uber's structured address (a JSON string). */
export function structuredAddress(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const zip = parts.length > 1 ? parts.at(-1)! : '';
  const city = parts.length > 2 ? parts.at(-2)! : '';
  const street = parts.slice(0, Math.max(1, parts.length - 2));
  return JSON.stringify({ street_address: street, city, state: '', zip_code: zip, country: 'GB' });
}

export function toCourierDelivery(
  raw: unknown,
  request?: Pick<DeliveryRequest, 'pickup' | 'dropoff'>,
): CourierDelivery {
  const parsed = deliverySchema.safeParse(raw);
  if (!parsed.success)
    throw new CourierError('unexpected_answer', 'Uber Direct answered with something unexpected');
  const d = parsed.data;
  const location = (w: z.infer<typeof waypoint> | undefined, fallback?: { lat: number; lon: number }) =>
    w?.location ? { lat: w.location.lat, lon: w.location.lng } : (fallback ?? { lat: 0, lon: 0 });
  const at = d.updated ? new Date(d.updated) : new Date();
  return {
    id: d.id,
    status: d.status as CourierStatus,
    rider: d.courier
      ? {
          name: d.courier.name ?? 'Your rider',
          lat: d.courier.location?.lat ?? null,
          lon: d.courier.location?.lng ?? null,
        }
      : null,
    pickup: location(d.pickup, request?.pickup),
    dropoff: location(d.dropoff, request?.dropoff),
    dropoffEta: d.dropoff_eta ? new Date(d.dropoff_eta) : null,
    deliveredAt:
      d.status === 'delivered'
        ? new Date(d.dropoff?.status_timestamp ?? d.updated ?? at.toISOString())
        : null,
    trackingUrl: d.tracking_url ?? null,
    at,
  };
}

export class UberDirectCourier implements CourierService {
  readonly name = 'uber_direct';
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: UberDirectOptions) {
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.now = options.now ?? Date.now;
  }

  async createDelivery(request: DeliveryRequest): Promise<CourierDelivery> {
    const body = {
      pickup_name: request.pickup.name,
      pickup_address: structuredAddress(request.pickup.address),
      pickup_phone_number: request.pickup.phone,
      pickup_latitude: request.pickup.lat,
      pickup_longitude: request.pickup.lon,
      pickup_ready_dt: request.readyAt.toISOString(),
      dropoff_name: request.dropoff.name,
      dropoff_address: structuredAddress(request.dropoff.address),
      dropoff_phone_number: request.dropoff.phone,
      dropoff_latitude: request.dropoff.lat,
      dropoff_longitude: request.dropoff.lon,
      ...(request.dropoff.notes ? { dropoff_notes: request.dropoff.notes } : {}),
      manifest_items: request.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        size: 'small',
      })),
      external_id: request.externalId,
    };
    return toCourierDelivery(await this.call('POST', '/deliveries', body), request);
  }

  async getDelivery(id: string): Promise<CourierDelivery> {
    return toCourierDelivery(await this.call('GET', `/deliveries/${encodeURIComponent(id)}`));
  }

  async cancelDelivery(id: string): Promise<CourierDelivery> {
    return toCourierDelivery(await this.call('POST', `/deliveries/${encodeURIComponent(id)}/cancel`, {}));
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    retried = false,
  ): Promise<unknown> {
    const token = await this.accessToken();
    const url = `${this.options.apiUrl}/v1/customers/${encodeURIComponent(this.options.customerId)}${path}`;
    const response = await this.send(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const answer = await readJson(response);
    if (response.status === 401 && !retried) {
      this.token = null;
      return this.call(method, path, body, true);
    }
    if (response.status >= 400) {
      const error = errorSchema.safeParse(answer);
      const code = (error.success && error.data.code) || `http_${response.status}`;
      const message = (error.success && error.data.message) || `Uber Direct answered HTTP ${response.status}`;
      throw new CourierError(code, message, response.status >= 500 ? 502 : response.status);
    }
    return answer;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const form = new URLSearchParams({
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
      scope: 'eats.deliveries',
    });
    const response = await this.send(this.options.authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const parsed = tokenSchema.safeParse(await readJson(response));
    if (response.status >= 400 || !parsed.success) {
      throw new CourierError('unauthorized', 'Uber Direct refused the client credentials', 502);
    }
    // Asked again a minute before it runs out.
    this.token = {
      value: parsed.data.access_token,
      expiresAt: this.now() + (parsed.data.expires_in - 60) * 1000,
    };
    return this.token.value;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new CourierError('unreachable', 'Uber Direct could not be reached', 502);
    }
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
