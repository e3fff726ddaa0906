import type { FastifyInstance } from 'fastify';
import type { MediaFile } from './catalogue.repo';
import { sendNotFound } from '../../http/error-handler';

// Dish images are made here (generated SVG kept in the media table), never fetched from elsewhere.
export interface MediaRoutesOptions {
  /** The stored picture with this id, if there is one (catalogue.repo's findMedia). */
  findMedia: (id: number) => Promise<MediaFile | null>;
}

export async function mediaRoutes(app: FastifyInstance, { findMedia }: MediaRoutesOptions) {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,15})\.svg$/.exec(request.params.file);
      const row = match ? await findMedia(Number(match[1])) : null;
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
