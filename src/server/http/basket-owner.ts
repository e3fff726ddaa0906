import type { FastifyRequest } from 'fastify';
import type { BasketOwner } from '../security/basket-owner';

/** This browser, and the signed-in customer if there is one. */
export function ownerOf(request: FastifyRequest): BasketOwner {
  return {
    visitorId: request.visitorId,
    customerId: request.session?.kind === 'customer' ? request.session.customerId : null,
  };
}
