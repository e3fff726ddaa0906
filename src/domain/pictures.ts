// A picture kept by the shop (`/media/<id>.svg` drawn by the demo, `/media/<id>.webp` uploaded) is also
// served as WebP in a few widths, `/media/<id>-<width>.webp` (issue 24 part 4: pictures sized for the
// screen). A browser picks one from `srcset`: a 112 px card on a phone at 3× gets 320 px, not 800 px,
// and an SVG drawing costs the phone's main thread nothing (an SVG <img> is a document of its own, parsed
// and laid out there: 15–45 ms a picture on /menu's first load).

/**
 * The widths a picture is served at: few, so each is made once and kept. 800 for a picture across a
 * mid-range phone (412 px at 1.75×, 360–400 px at 2×: 720–800 px), which took the 960 (a third more bytes
 * for the first screen's largest picture, issue 24).
 */
export const PICTURE_WIDTHS = [160, 240, 320, 480, 640, 800, 960, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

export const isPictureWidth = (value: number): value is PictureWidth =>
  (PICTURE_WIDTHS as readonly number[]).includes(value);

const KEPT = /^(.*\/media\/)(\d{1,15})\.(svg|webp)$/;

/** The URL of a kept picture at `width`, or null when `url` is not one of the shop's kept pictures. */
export function pictureAt(url: string, width: PictureWidth): string | null {
  const match = KEPT.exec(url);
  return match ? `${match[1]}${match[2]}-${width}.webp` : null;
}

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** The least width offered for a picture that fills a share of the screen (`sizes` given). */
const FLUID_FROM = 320;

/**
 * `src`, `srcSet` and `sizes` for a picture shown `cssWidth` CSS pixels wide: the widths from 1× to 3× of it.
 * A picture whose width follows the screen passes `sizes` (say `(max-width: 700px) 100vw, 640px`) and is
 * offered every width from 320. `src` is the 2× width, for a browser without `srcset`. Any other URL is
 * used as it is.
 */
export function pictureSources(url: string, cssWidth: number, sizes?: string): PictureSources {
  const widths: number[] = PICTURE_WIDTHS.filter((w) =>
    sizes === undefined ? w >= cssWidth && w < cssWidth * 3 : w >= FLUID_FROM,
  );
  const above = PICTURE_WIDTHS.find((w) => w >= cssWidth * 3) ?? PICTURE_WIDTHS.at(-1)!;
  if (!widths.includes(above)) widths.push(above);
  const twice = PICTURE_WIDTHS.find((w) => w >= cssWidth * 2) ?? PICTURE_WIDTHS.at(-1)!;
  const src = pictureAt(url, twice);
  if (!src) return { src: url };
  return {
    src,
    srcSet: widths.map((w) => `${pictureAt(url, w as PictureWidth)} ${w}w`).join(', '),
    sizes: sizes ?? `${cssWidth}px`,
  };
}
