import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToPlanOrderBody,
  orderAddressParams,
  orderDeliveryDateBody,
  orderDocument,
  orderParams,
  orderVoucherBody,
} from '../../../contracts/orders';
import {
  scheduleWeekDocument,
  scheduleWeekListDocument,
  scheduleWeekListQuery,
  scheduleWeekParams,
  updateScheduleWeekBody,
  weekActionTokenQuery,
  type ScheduleWeek,
} from '../../../contracts/subscriptions';
import type { IsoDate } from '../../../domain/calendar';
import { ownerOf } from '../../http/basket-owner';
import { requireCustomer } from '../../http/session';
import { orderResources } from '../orders';
import type { WeekActor } from './schedule.service';
import type { ScheduleService } from './schedule.service';
import type { PlanOrdersService } from './plan-orders.service';
import type { OrdersService } from '../orders';

// The HTTP edge of a plan's weeks (spec §7 Schedule) and of the order calls that change a plan's box or an
// order on its way (spec §7 Orders; issue 12 part 1).

const weekDocument = ({ id, ...attributes }: ScheduleWeek) => ({
  data: { id, type: 'schedule_weeks' as const, attributes },
});

/** The signed-in customer, or the one-tap link of a reminder email (skip and unskip only). */
function weekActor(request: FastifyRequest, token: string | undefined): WeekActor {
  if (request.session?.kind === 'customer') return { customerId: requireCustomer(request) };
  if (token) return { token };
  return { customerId: requireCustomer(request) };
}

export interface ScheduleRoutesOptions {
  schedule: ScheduleService;
  planOrders: PlanOrdersService;
  orders: OrdersService;
}

export async function scheduleRoutes(
  app: FastifyInstance,
  { schedule, planOrders, orders }: ScheduleRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['schedule'];
  const one = { params: scheduleWeekParams, response: { 200: scheduleWeekDocument } };

  r.get(
    '/schedule_weeks',
    {
      schema: {
        tags,
        summary:
          "The customer's plan weeks from yesterday on (filter[period]=all for every week), each with its box",
        querystring: scheduleWeekListQuery,
        response: { 200: scheduleWeekListDocument },
      },
    },
    async (request) => {
      const list = await schedule.list(requireCustomer(request), {
        ...(request.query['filter[subscriptionId]']
          ? { subscriptionId: request.query['filter[subscriptionId]'] }
          : {}),
        ...(request.query['filter[period]'] ? { period: request.query['filter[period]'] } : {}),
      });
      return { data: list.map((week) => weekDocument(week).data) };
    },
  );

  r.get(
    '/schedule_weeks/:id',
    { schema: { tags, summary: 'One week of a plan with its box', ...one } },
    async (request) => weekDocument(await schedule.get(requireCustomer(request), request.params.id)),
  );

  r.put(
    '/schedule_weeks/:id',
    {
      schema: {
        tags,
        summary:
          "Choose the week's dishes (items) and/or move its box to another day of the week (delivery_date)",
        body: updateScheduleWeekBody,
        ...one,
      },
    },
    async (request) =>
      weekDocument(await schedule.update(requireCustomer(request), request.params.id, request.body)),
  );

  r.post(
    '/schedule_weeks/:id/skip',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Skip the week: no box, no charge (signed in, or ?token= from the reminder email)',
        querystring: weekActionTokenQuery,
        ...one,
      },
    },
    async (request) =>
      weekDocument(await schedule.skip(weekActor(request, request.query.token), request.params.id)),
  );

  r.post(
    '/schedule_weeks/:id/unskip',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Unskip the week: its box is back (signed in, or ?token= from the week's email)",
        querystring: weekActionTokenQuery,
        ...one,
      },
    },
    async (request) =>
      weekDocument(await schedule.unskip(weekActor(request, request.query.token), request.params.id)),
  );

  r.post(
    '/schedule_weeks/:id/chef_selections',
    { schema: { tags, summary: "Leave the week's dishes to the chef", ...one } },
    async (request) =>
      weekDocument(await schedule.chefSelections(requireCustomer(request), request.params.id)),
  );

  // The order calls (spec §7 Orders): each answers with the order as it is now.
  const orderAnswer = async (customerId: string, id: string) => {
    const order = await orders.find(customerId, id);
    const resources = orderResources([order]);
    return { data: resources.data[0]!, included: resources.included };
  };
  const orderTags = ['orders'];

  r.post(
    '/orders',
    {
      config: { idempotent: true },
      schema: {
        tags: orderTags,
        summary:
          "Put a basket's dishes for one week into that week's box of the customer's plan (charged with it " +
          'at the cutoff), instead of paying now or starting a second plan',
        body: addToPlanOrderBody,
        response: { 201: orderDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const { orderId } = await planOrders.addBasketToWeek(ownerOf(request), customerId, request.body);
      return reply.status(201).send(await orderAnswer(customerId, orderId));
    },
  );

  r.post(
    '/orders/:id/delivery_date',
    {
      schema: {
        tags: orderTags,
        summary: 'Move an order to another day of its week, before its cutoff (a one-off box: its deadline)',
        params: orderParams,
        body: orderDeliveryDateBody,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await planOrders.deliveryDate(customerId, request.params.id, request.body.deliveryDate as IsoDate);
      return orderAnswer(customerId, request.params.id);
    },
  );

  r.put(
    '/orders/:id/shipping_address/:addressId',
    {
      schema: {
        tags: orderTags,
        summary: 'Send an order to another of the customer’s addresses, until it is dispatched',
        params: orderAddressParams,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await planOrders.shippingAddress(customerId, request.params.id, request.params.addressId);
      return orderAnswer(customerId, request.params.id);
    },
  );

  r.post(
    '/orders/:id/voucher',
    {
      schema: {
        tags: orderTags,
        summary: "A discount code on a plan's coming box (checked now, redeemed when it is charged)",
        params: orderParams,
        body: orderVoucherBody,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await planOrders.applyVoucher(customerId, request.params.id, request.body.code);
      return orderAnswer(customerId, request.params.id);
    },
  );

  r.post(
    '/orders/:id/remove_voucher',
    {
      schema: {
        tags: orderTags,
        summary: "Remove the code from a plan's coming box",
        params: orderParams,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await planOrders.removeVoucher(customerId, request.params.id);
      return orderAnswer(customerId, request.params.id);
    },
  );

  r.post(
    '/orders/:id/chef_selections',
    {
      schema: {
        tags: orderTags,
        summary: "Leave a plan's coming box to the chef",
        params: orderParams,
        response: { 200: orderDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await planOrders.chefSelections(customerId, request.params.id);
      return orderAnswer(customerId, request.params.id);
    },
  );
}
