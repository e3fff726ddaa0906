import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isPictureWidth, PICTURE_WIDTHS, pictureAt, pictureSources } from './pictures';

describe('pictureAt', () => {
  test.each([
    ['/media/100030.svg', 240, '/media/100030-240.webp'],
    ['http://127.0.0.1:5600/media/100030.svg', 320, 'http://127.0.0.1:5600/media/100030-320.webp'],
    ['/media/900000001.webp', 640, '/media/900000001-640.webp'],
  ] as const)('%s at %i → %s', (url, width, expected) => {
    expect(pictureAt(url, width)).toBe(expected);
  });

  test.each([
    '/media/100030-240.webp',
    'https://cdn.example.com/a.jpg',
    '/media/abc.svg',
    '/media/1.png',
    '',
  ])('%s is not a kept picture', (url) => {
    expect(pictureAt(url, 240)).toBeNull();
  });
});

describe('pictureSources', () => {
  test('a 112 px card: 160 to 480 wide, 240 for a browser without srcset', () => {
    expect(pictureSources('/media/7.svg', 112)).toEqual({
      src: '/media/7-240.webp',
      srcSet:
        '/media/7-160.webp 160w, /media/7-240.webp 240w, /media/7-320.webp 320w, /media/7-480.webp 480w',
      sizes: '112px',
    });
  });

  test('a picture as wide as the phone is offered every width from 320', () => {
    const sources = pictureSources('/media/7.webp', 640, '(max-width: 700px) 100vw, 640px');
    expect(sources.srcSet).toBe(
      '/media/7-320.webp 320w, /media/7-480.webp 480w, /media/7-640.webp 640w, /media/7-800.webp 800w, /media/7-960.webp 960w, /media/7-1280.webp 1280w',
    );
    expect(sources.sizes).toBe('(max-width: 700px) 100vw, 640px');
    expect(sources.src).toBe('/media/7-1280.webp');
  });

  test('another URL is used as it is', () => {
    expect(pictureSources('https://cdn.example.com/a.jpg', 112)).toEqual({
      src: 'https://cdn.example.com/a.jpg',
    });
  });

  test('property: every width offered is a served width, covering 1× to 3× where the widths allow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 1600 }), (cssWidth) => {
        const { src, srcSet, sizes } = pictureSources('/media/42.webp', cssWidth);
        const widths = srcSet!.split(', ').map((entry) => Number(/-(\d+)\.webp (\d+)w$/.exec(entry)![1]));
        expect(widths.every(isPictureWidth)).toBe(true);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
        expect(Math.max(...widths)).toBeGreaterThanOrEqual(Math.min(cssWidth * 3, PICTURE_WIDTHS.at(-1)!));
        expect(srcSet).toContain(src);
        expect(sizes).toBe(`${cssWidth}px`);
      }),
    );
  });
});
