import type { FastifyInstance } from 'fastify';
import { isPictureWidth } from '../../../domain/pictures';
import type { MediaFile } from './catalogue.repo';
import { sendNotFound } from '../../http/error-handler';
import { renditionCache } from './renditions';

// Dish images are made here (generated SVG kept in the media table) or uploaded in the back office (WebP,
// resized there: issue 25 part 2), never fetched from elsewhere. Each is also served as WebP at the widths
// of domain/pictures.ts, `/media/<id>-<width>.webp` (issue 24 part 4), made on first ask and kept.
export interface MediaRoutesOptions {
  /** The stored picture with this id, if there is one (catalogue.repo's findMedia). */
  findMedia: (id: number) => Promise<MediaFile | null>;
}

export async function mediaRoutes(app: FastifyInstance, { findMedia }: MediaRoutesOptions) {
  const rendition = renditionCache();
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,15})(?:-(\d{1,4}))?\.(svg|webp)$/.exec(request.params.file);
      const width = match?.[2] === undefined ? null : Number(match[2]);
      if (!match || (width !== null && (match[3] !== 'webp' || !isPictureWidth(width))))
        return sendNotFound(request, reply);
      const row = await findMedia(Number(match[1]));
      if (width !== null && row && isPictureWidth(width)) {
        const made = await rendition(Number(match[1]), row, width);
        if (request.headers['if-none-match'] === made.etag) return reply.status(304).send();
        return reply
          .header('content-type', 'image/webp')
          .header('etag', made.etag)
          .header('cache-control', 'public, max-age=86400')
          .send(made.data);
      }
      const stored = row && (match[3] === 'webp' ? row.data !== null : row.data === null) ? row : null;
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
