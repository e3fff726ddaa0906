import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  constraintsBody,
  constraintsDocument,
  courierInstructionsDocument,
  deliveryDatesBody,
  deliveryDatesDocument,
  oneOffFeeDocument,
  oneOffFeeParams,
} from '../../../contracts/delivery';
import { ownerOf } from '../../http/basket-owner';
import { COURIER_INSTRUCTIONS } from './courier-instructions';
import type { DeliveryService } from './delivery.service';
import type { BasketService } from '../baskets';

// The HTTP edge of delivery (spec §7 Delivery and constraints; POST /baskets/{id}/preview_one_off_fee).

const tags = ['delivery'];

export interface DeliveryRoutesOptions {
  delivery: DeliveryService;
  baskets: BasketService;
}

export async function deliveryRoutes(app: FastifyInstance, { delivery, baskets }: DeliveryRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = delivery;

  r.post(
    '/delivery_dates',
    {
      schema: {
        tags,
        summary:
          'The delivery dates a customer may choose for a postcode, in a menu week or between two dates: ' +
          'Monday to Saturday, up to 21 days ahead, minus blocked dates, and still open for orders: a plan ' +
          'box by the Friday 12:00 cutoff before its week; a one-off box (kind one_off) also next day, when ' +
          'ordered by 17:00 the day before (Tuesday to Friday) or 08:00 on Sunday (Monday)',
        body: deliveryDatesBody,
        response: { 200: deliveryDatesDocument },
      },
    },
    async (request) => {
      const answer = await service.deliveryDates(request.body);
      return {
        data: answer.dates.map((option) => ({
          id: option.date,
          type: 'delivery_dates' as const,
          attributes: option,
        })),
        meta: {
          ...answer.area,
          lastDate: answer.lastDate,
          windowDays: answer.windowDays,
          kind: answer.kind,
        },
      };
    },
  );

  r.post(
    '/constraints',
    {
      schema: {
        tags,
        summary:
          'The blocked delivery dates for a postcode and a basket’s dishes: closed days, days the courier ' +
          'does not cover, weeks a dish is sold out or not on the menu, dates too late to order for (by ' +
          'kind, as POST /delivery_dates) and dates over 21 days ahead',
        body: constraintsBody,
        response: { 200: constraintsDocument },
      },
    },
    async (request) => {
      const attributes = await service.constraints(request.body);
      return {
        data: {
          id: `${attributes.postcode.replace(' ', '')}:${attributes.beginDate}:${attributes.endDate}`,
          type: 'delivery_constraints' as const,
          attributes,
        },
      };
    },
  );

  r.get(
    '/courier_delivery_instructions',
    {
      schema: {
        tags,
        summary: 'The safe places a customer can ask the courier to leave the box',
        response: { 200: courierInstructionsDocument },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return {
        data: COURIER_INSTRUCTIONS.map(({ id, ...attributes }) => ({
          id,
          type: 'courier_delivery_instructions' as const,
          attributes,
        })),
      };
    },
  );

  r.post(
    '/baskets/:id/preview_one_off_fee',
    {
      schema: {
        tags: ['baskets'],
        summary: 'The fee a one-off order pays on top of the basket, and the total with it',
        params: oneOffFeeParams,
        response: { 200: oneOffFeeDocument },
      },
    },
    async (request) => {
      const { basketId, ...attributes } = await service.previewOneOffFee(
        baskets,
        ownerOf(request),
        request.params.id,
      );
      return { data: { id: basketId, type: 'one_off_fee_previews' as const, attributes } };
    },
  );
}
