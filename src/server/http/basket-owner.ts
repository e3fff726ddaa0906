import type { FastifyRequest } from 'fastify';

/** Who may see a basket: the browser that made it, and once signed in, the customer on any device. */
export interface BasketOwner {
  visitorId: string | null;
  customerId: string | null;
}

/** This browser, and the signed-in customer if there is one. */
export function ownerOf(request: FastifyRequest): BasketOwner {
  return {
    visitorId: request.visitorId,
    customerId: request.session?.kind === 'customer' ? request.session.customerId : null,
  };
}
