import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { changeSubscriptionPaymentMethodBody } from '../../../contracts/payments';
import {
  cancelSubscriptionBody,
  ingredientListDocument,
  ingredientPreferenceListDocument,
  ingredientPreferencesBody,
  pauseSubscriptionBody,
  scheduleBody,
  scheduleChangeDocument,
  subscriptionDocument,
  subscriptionEventListDocument,
  subscriptionListDocument,
  subscriptionParams,
  updateSubscriptionBody,
  type Subscription,
} from '../../../contracts/subscriptions';
import { requireCustomer } from '../../http/session';
import type { SubscriptionsService } from './subscriptions.service';

// The HTTP edge of the Pasta Plan (spec §7 Subscriptions; issue 12 part 1).

const document = ({ id, ...attributes }: Subscription) => ({
  data: { id, type: 'subscriptions' as const, attributes },
});

export interface SubscriptionRoutesOptions {
  subscriptions: SubscriptionsService;
}

export async function subscriptionRoutes(app: FastifyInstance, { subscriptions }: SubscriptionRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];
  const one = { params: subscriptionParams, response: { 200: subscriptionDocument } };

  r.get(
    '/subscriptions',
    {
      schema: {
        tags,
        summary: "The customer's pasta plans, with each one's next charge and next delivery",
        response: { 200: subscriptionListDocument },
      },
    },
    async (request) => ({
      data: (await subscriptions.list(requireCustomer(request))).map((plan) => document(plan).data),
    }),
  );

  r.get('/subscriptions/:id', { schema: { tags, summary: 'One pasta plan', ...one } }, async (request) =>
    document(await subscriptions.get(requireCustomer(request), request.params.id)),
  );

  r.put(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        summary:
          'Change plan settings: name, recipes and cocktails per box, delivery note, dietary flags, addresses. ' +
          'Open weeks follow (the chef picks again for boxes left to the chef)',
        body: updateSubscriptionBody,
        ...one,
      },
    },
    async (request) =>
      document(await subscriptions.update(requireCustomer(request), request.params.id, request.body)),
  );

  r.put(
    '/subscriptions/:id/schedule',
    {
      schema: {
        tags,
        summary:
          'Change the delivery weekday (1 Monday … 6 Saturday) and how often (every 1–4 weeks). A week the ' +
          'customer moved keeps its day unless named in `also_move_week_ids`; a box already paid keeps its day',
        body: scheduleBody,
        ...one,
      },
    },
    async (request) =>
      document(await subscriptions.changeSchedule(requireCustomer(request), request.params.id, request.body)),
  );

  r.post(
    '/subscriptions/:id/pause',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Pause the plan for 1–8 weeks (`weeks`), or until the customer restarts it (no body, or `weeks` null): ' +
          'no boxes are made or charged meanwhile. A pause for a set time ends by itself at the cutoff before ' +
          '`resume_week`, after a reminder three days before. Pausing a paused plan changes how long it lasts',
        body: z.optional(z.nullable(pauseSubscriptionBody)),
        ...one,
      },
    },
    async (request) =>
      document(
        await subscriptions.pause(requireCustomer(request), request.params.id, request.body?.weeks ?? null),
      ),
  );

  r.post(
    '/subscriptions/:id/schedule/preview',
    {
      schema: {
        tags,
        summary:
          'What a new delivery weekday or rhythm would do to each open week, without changing anything: moved ' +
          '(old and new day), kept (a week the customer moved, or one already paid), dropped or added',
        params: subscriptionParams,
        body: scheduleBody,
        response: { 200: scheduleChangeDocument },
      },
    },
    async (request) => ({
      data: {
        id: request.params.id,
        type: 'schedule_changes' as const,
        attributes: await subscriptions.previewSchedule(
          requireCustomer(request),
          request.params.id,
          request.body,
        ),
      },
    }),
  );

  r.post(
    '/subscriptions/:id/activate',
    {
      config: { idempotent: true },
      schema: { tags, summary: 'Activate a paused, failed or cancelled plan again', ...one },
    },
    async (request) => document(await subscriptions.activate(requireCustomer(request), request.params.id)),
  );

  r.post(
    '/subscriptions/:id/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Cancel the plan (a reason is optional): boxes not yet charged are cancelled',
        body: z.optional(z.nullable(cancelSubscriptionBody)),
        ...one,
      },
    },
    async (request) =>
      document(
        await subscriptions.cancel(
          requireCustomer(request),
          request.params.id,
          request.body?.reason ?? null,
          request.body?.comment ?? null,
        ),
      ),
  );

  r.get(
    '/subscriptions/:id/history',
    {
      schema: {
        tags,
        summary: "The plan's history: every change, who made it, when and which weeks it affects",
        params: subscriptionParams,
        response: { 200: subscriptionEventListDocument },
      },
    },
    async (request) => ({
      data: (await subscriptions.history(requireCustomer(request), request.params.id)).map(
        ({ id, ...attributes }) => ({ id, type: 'subscription_events' as const, attributes }),
      ),
    }),
  );

  const preferences = (ids: string[]) => ({
    data: ids.map((ingredientId) => ({
      id: ingredientId,
      type: 'ingredient_preferences' as const,
      attributes: { ingredientId, preference: 'avoid' as const },
    })),
  });

  r.get(
    '/subscriptions/:id/ingredient_preferences',
    {
      schema: {
        tags,
        summary: 'The ingredients the chef leaves out of this plan’s boxes',
        params: subscriptionParams,
        response: { 200: ingredientPreferenceListDocument },
      },
    },
    async (request) =>
      preferences(await subscriptions.ingredientPreferences(requireCustomer(request), request.params.id)),
  );

  r.post(
    '/subscriptions/:id/ingredient_preferences',
    {
      schema: {
        tags,
        summary: 'Set the ingredients to leave out (the whole list); boxes left to the chef are picked again',
        params: subscriptionParams,
        body: ingredientPreferencesBody,
        response: { 200: ingredientPreferenceListDocument },
      },
    },
    async (request) =>
      preferences(
        await subscriptions.setIngredientPreferences(
          requireCustomer(request),
          request.params.id,
          request.body.ingredientIds,
        ),
      ),
  );

  r.get(
    '/ingredients',
    {
      schema: {
        tags,
        summary: 'Ingredients a plan can ask the chef to leave out',
        response: { 200: ingredientListDocument },
      },
    },
    async () => ({
      data: (await subscriptions.ingredients()).map(({ id, name, position }) => ({
        id,
        type: 'ingredients' as const,
        attributes: { name, position },
      })),
    }),
  );

  r.post(
    '/subscriptions/change_payment_method',
    {
      schema: {
        tags,
        summary: 'Charge a plan to another saved card',
        body: changeSubscriptionPaymentMethodBody,
        response: {
          200: z.object({
            data: z.object({
              id: z.string(),
              type: z.literal('subscriptions'),
              attributes: z.object({ paymentMethodId: z.string() }),
            }),
          }),
        },
      },
    },
    async (request) => {
      const { subscriptionId, paymentMethodId } = request.body;
      await subscriptions.changePaymentMethod(requireCustomer(request), subscriptionId, paymentMethodId);
      return {
        data: { id: subscriptionId, type: 'subscriptions' as const, attributes: { paymentMethodId } },
      };
    },
  );
}
