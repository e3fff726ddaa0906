import type { FastifyInstance, FastifyReply } from 'fastify';
import { isUkPostcode } from '../../../domain/address';
import type { PostcodesIoBody } from './port';
import { EmbeddedPostcodes } from './local';

// GET /postcodes/{postcode}: the embedded postcodes.io (POSTCODES=embedded). It sits outside /api/v2, needs
// no branch header, and answers exactly as postcodes.io does (its own snake_case keys and `{ status, error }`
// errors, including 404 "Invalid postcode" for something that is not a postcode), so a client written for
// postcodes.io works against it unchanged.

const NO_QUERY = 'No postcode query submitted. Remember to include query parameter';

export async function postcodesIoRoutes(app: FastifyInstance) {
  const service = new EmbeddedPostcodes();
  const send = (reply: FastifyReply, body: PostcodesIoBody) =>
    reply.status(body.status).type('application/json; charset=utf-8').send(body);

  app.get('/postcodes', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, { status: 400, error: NO_QUERY }),
  );

  app.get<{ Params: { postcode: string } }>(
    '/postcodes/:postcode',
    { schema: { hide: true } },
    async (request, reply) => {
      const postcode = request.params.postcode.trim();
      if (!isUkPostcode(postcode)) return send(reply, { status: 404, error: 'Invalid postcode' });
      const result = await service.lookup(postcode);
      if (!result) return send(reply, { status: 404, error: 'Postcode not found' });
      return send(reply, { status: 200, result });
    },
  );
}
