import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod/v4/core';
import { camelToSnake } from '../../contracts/case';
import { errorDocument } from '../../contracts/envelope';

// The OpenAPI document is generated from the routes' zod contracts and served at /api/docs. Contracts are
// camelCase in code; the document shows the wire, so property names are snake_cased here.

type JsonSchema = Record<string, unknown>;

function snakeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, sub]) => [camelToSnake(name), snakeSchema(sub)]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === 'string' ? camelToSnake(name) : name));
    } else {
      out[key] = snakeSchema(value);
    }
  }
  return out;
}

const errorResponse = {
  description: 'Error document: { errors: [{ status, code, detail, source? }], meta: { request_id } }',
  ...(snakeSchema(toJSONSchema(errorDocument, { io: 'output' })) as JsonSchema),
};

export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sfoglia API',
        version: '2',
        description:
          'The /api/v2 API of the Sfoglia shop. JSON:API-like documents, snake_case keys, money in integer ' +
          'pence. State-changing calls need the X-Branch header. Errors carry stable codes.',
      },
      servers: [{ url: publicUrl }],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const schema = (result.schema ?? {}) as JsonSchema;
      const response = (schema.response as JsonSchema | undefined) ?? {};
      return {
        url: result.url,
        schema: {
          ...schema,
          ...(schema.body ? { body: snakeSchema(schema.body) } : {}),
          ...(schema.querystring ? { querystring: snakeSchema(schema.querystring) } : {}),
          response: { ...(snakeSchema(response) as JsonSchema), '4XX': errorResponse, '5XX': errorResponse },
        } as never,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
