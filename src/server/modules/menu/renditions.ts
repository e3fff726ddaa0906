import sharp from 'sharp';
import type { PictureWidth } from '../../../domain/pictures';
import type { MediaFile } from './catalogue.repo';

// A kept picture at one of the served widths (domain/pictures.ts), as WebP: an SVG drawing rasterised, an
// uploaded picture scaled down (never up). Each is made once per process, then kept in memory (up to
// `maxBytes`, least recently used out first); two asks for one not yet made share its making.

export interface Rendition {
  data: Buffer;
  etag: string;
}

/** SVG drawings are 800 wide; a wider rendition is rasterised at a higher density, not scaled up. */
const SVG_WIDTH = 800;

export async function makeRendition(file: MediaFile, width: PictureWidth): Promise<Buffer> {
  const image =
    file.data === null
      ? sharp(Buffer.from(file.body), { density: Math.max(72, (72 * width) / SVG_WIDTH) })
      : sharp(file.data);
  return image
    .resize({ width, withoutEnlargement: file.data !== null })
    .webp({ quality: 78 })
    .toBuffer();
}

export function renditionCache(maxBytes = 32 << 20) {
  const kept = new Map<string, Rendition>();
  const making = new Map<string, Promise<Rendition>>();
  let bytes = 0;

  return async function rendition(id: number, file: MediaFile, width: PictureWidth): Promise<Rendition> {
    const key = `${id} ${file.etag} ${width}`;
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const pending = making.get(key);
    if (pending) return pending;
    const made = makeRendition(file, width)
      .then((data) => {
        const made = { data, etag: `"${file.etag.replaceAll('"', '')}-${width}"` };
        kept.set(key, made);
        bytes += data.length;
        for (const [oldest, value] of kept) {
          if (bytes <= maxBytes) break;
          kept.delete(oldest);
          bytes -= value.data.length;
        }
        return made;
      })
      .finally(() => making.delete(key));
    making.set(key, made);
    return made;
  };
}
