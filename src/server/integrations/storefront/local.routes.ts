import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { prepareCollectionFingerprint } from './local-catalogue.repo';
import { StorefrontAnswers } from './local-storefront';

// POST /storefront/graphql: the embedded storefront's endpoint. It speaks GraphQL over HTTP as Shopify's
// Storefront API does (a public access token in X-Shopify-Storefront-Access-Token, 200 with `errors` for
// query problems), so it sits outside /api/v2 and its JSON keys are never case-converted.

export const STOREFRONT_TOKEN_HEADER = 'x-shopify-storefront-access-token';

const graphqlRequest = z.object({
  query: z.string().check(z.minLength(1), z.maxLength(20_000)),
  variables: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  operationName: z.optional(z.nullable(z.string())),
});

export interface StorefrontRoutesOptions {
  db: Db;
  /** The storefront's public access token (STOREFRONT_TOKEN). */
  token: string;
  publicUrl: string;
}

export async function storefrontRoutes(
  app: FastifyInstance,
  { db, token, publicUrl }: StorefrontRoutesOptions,
) {
  // A collection's answer is made again only when something it was made from changed (local-storefront.ts).
  const answers = new StorefrontAnswers(prepareCollectionFingerprint(db));
  app.post(
    '/storefront/graphql',
    { schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      if (request.headers[STOREFRONT_TOKEN_HEADER] !== token) {
        return reply.status(401).send({
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      }
      const parsed = graphqlRequest.safeParse(request.body);
      if (!parsed.success) {
        return reply.status(400).send({
          errors: [{ message: 'Send a JSON body with a "query" string and optional "variables" object' }],
        });
      }
      // Asked on the shop's own host (a browser, or the server rendering a page for one): the shop's address,
      // scheme included (behind a proxy that ends TLS the request itself says http).
      const shop = new URL(publicUrl);
      const origin = request.host === shop.host ? shop.origin : `${request.protocol}://${request.host}`;
      const body = await answers.answer(parsed.data, { db, origin });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send(body);
    },
  );
}
