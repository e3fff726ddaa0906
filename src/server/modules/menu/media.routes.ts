import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { media } from '../../db/schema/catalogue';
import { sendNotFound } from '../../http/error-handler';

// Dish images are made here (generated SVG kept in the media table), never fetched from elsewhere.
export async function mediaRoutes(app: FastifyInstance, { database }: AppDeps) {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,15})\.svg$/.exec(request.params.file);
      const [row] = match
        ? await database.db
            .select()
            .from(media)
            .where(eq(media.id, Number(match[1])))
            .limit(1)
        : [];
      if (!row) return sendNotFound(request, reply);
      if (request.headers['if-none-match'] === row.etag) return reply.status(304).send();
      return reply
        .header('content-type', row.contentType)
        .header('etag', row.etag)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(row.body);
    },
  );
}
