import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BasketService } from '../baskets';
import type { StartSession } from './accounts.service';
import { deviceTokenOf, rememberDevice, setDeviceCookie } from './known-devices';

/**
 * How a sign-in starts the session: cookie, new id, the visitor's baskets joined to the customer's, and the
 * browser remembered for the customer.
 */
export async function sessionStarter(
  app: FastifyInstance,
  { baskets, secureCookies: secure }: { baskets: BasketService; secureCookies: boolean },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StartSession> {
  const visitorId = await app.ensureVisitor(request, reply);
  return async (customerId, tx) => {
    await app.startSession(request, reply, { kind: 'customer', customerId }, tx);
    await baskets.claimForCustomer(tx, visitorId, customerId);
    setDeviceCookie(reply, secure, await rememberDevice(tx, customerId, deviceTokenOf(request, secure)));
  };
}
