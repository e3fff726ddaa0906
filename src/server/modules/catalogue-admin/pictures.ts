import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../../../domain/errors';
import type { StoredPicture } from '../menu';

// A dish's picture as uploaded (issue 25 part 2): decoded with sharp to know it is a picture at all (its
// content type is only a claim), turned upright, and made into WebP in a few widths, never wider than it came.

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;
export const PICTURE_WIDTHS = [400, 800, 1200] as const;
/** A picture larger than this (in pixels) is refused before it is decoded in full. */
const MAX_PIXELS = 40_000_000;

export const NOT_A_PICTURE =
  'That file isn’t a picture we can read. Upload a JPEG, PNG or WebP photo of the dish, up to 8 MB.';

export async function picturesFrom(bytes: Buffer): Promise<StoredPicture[]> {
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!metadata.format || !['jpeg', 'png', 'webp'].includes(metadata.format)) throw new Error('format');
    // Decoding the whole picture finds a file that only starts like one.
    const upright = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    width = upright.info.width;
    height = upright.info.height;
  } catch {
    throw new DomainError('PICTURE_NOT_AN_IMAGE', NOT_A_PICTURE);
  }
  const widths = [...new Set(PICTURE_WIDTHS.map((wanted) => Math.min(wanted, width)))];
  return Promise.all(
    widths.map(async (target) => {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return {
        width: info.width,
        height: info.height ?? Math.round((height * info.width) / width),
        contentType: 'image/webp',
        data,
        etag: `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`,
      };
    }),
  );
}
