import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FetchLike } from '../postcodes/fetch-json';
import { EmbeddedCourier } from './local';
import type { CourierService } from './port';
import { UberDirectCourier } from './uber-direct';

export type { CourierDelivery, CourierService, CourierStatus, DeliveryRequest } from './port';
export { CourierError } from './port';

/** The courier COURIER asks for: the embedded stand-in, or Uber Direct. */
export function createCourier(
  config: Config['courier'],
  db: Db,
  clock: Clock,
  fetchImpl?: FetchLike,
): CourierService {
  if (config.mode === 'uber_direct') {
    return new UberDirectCourier({ ...config.uberDirect, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }
  return new EmbeddedCourier(db, clock);
}
