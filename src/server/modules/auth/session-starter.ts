import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { StartSession } from './accounts.service';
import { deviceTokenOf, rememberDevice, setDeviceCookie } from './known-devices';

/**
 * How a sign-in starts the session: cookie, new id, the visitor's baskets joined to the customer's, and the
 * browser remembered for the customer.
 */
export async function sessionStarter(
  app: FastifyInstance,
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<StartSession> {
  const visitorId = await app.ensureVisitor(request, reply);
  const { baskets } = deps.services;
  const secure = deps.config.secureCookies;
  return async (customerId, tx) => {
    await app.startSession(request, reply, { kind: 'customer', customerId }, tx);
    await baskets.claimForCustomer(tx, visitorId, customerId);
    setDeviceCookie(reply, secure, await rememberDevice(tx, customerId, deviceTokenOf(request, secure)));
  };
}
