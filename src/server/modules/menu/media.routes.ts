import type { FastifyInstance } from 'fastify';
import type { MediaFile } from './catalogue.repo';
import { sendNotFound } from '../../http/error-handler';

// Dish images are made here (generated SVG kept in the media table) or uploaded in the back office (WebP,
// resized there: issue 25 part 2), never fetched from elsewhere.
export interface MediaRoutesOptions {
  /** The stored picture with this id, if there is one (catalogue.repo's findMedia). */
  findMedia: (id: number) => Promise<MediaFile | null>;
}

export async function mediaRoutes(app: FastifyInstance, { findMedia }: MediaRoutesOptions) {
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,15})\.(svg|webp)$/.exec(request.params.file);
      const row = match ? await findMedia(Number(match[1])) : null;
      const stored = row && (match![2] === 'webp' ? row.data !== null : row.data === null) ? row : null;
      if (!stored) return sendNotFound(request, reply);
      if (request.headers['if-none-match'] === stored.etag) return reply.status(304).send();
      return reply
        .header('content-type', stored.contentType)
        .header('etag', stored.etag)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(stored.data ?? stored.body);
    },
  );
}
