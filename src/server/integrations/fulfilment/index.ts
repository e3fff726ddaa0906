import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createEmbeddedFulfilment } from './embedded';
import type { FulfilmentPort } from './port';
import { createShipBobFulfilment } from './shipbob';

export type { FulfilmentPort, Parcel, ParcelRequest } from './port';
export { FulfilmentError } from './port';

/** The warehouse and courier configured (FULFILMENT): the embedded stand-in, or ShipBob. */
export function createFulfilment(config: Config, db: Db, clock: Clock): FulfilmentPort {
  const fulfilment = config.fulfilment;
  if (fulfilment.mode === 'shipbob') return createShipBobFulfilment(fulfilment.shipbob);
  return createEmbeddedFulfilment(db, clock, config.publicUrl);
}
