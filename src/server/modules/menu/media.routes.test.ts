import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { media } from '../../db/schema/catalogue';
import { expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';

// The shop's kept pictures (issue 24 part 4): a demo drawing (SVG) or an uploaded picture (WebP) is served
// as WebP at the widths of domain/pictures.ts, `/media/<id>-<width>.webp`, made on first ask and kept.
// 100030 is a seeded dish's drawing (800 × 600).

let t: TestApp;
const UPLOADED = 990_000_001;

beforeAll(async () => {
  t = await createTestApp();
  const data = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#c33' } })
    .webp()
    .toBuffer();
  await t.database.db
    .insert(media)
    .values({ id: UPLOADED, contentType: 'image/webp', body: '', data, etag: '"uploaded-800"' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /media/<id>-<width>.webp', () => {
  test('a drawing at 240 is a WebP 240 × 180, with its own etag (304 when the browser has it)', async () => {
    const response = await get('/media/100030-240.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { width, height, format } = await sharp(response.rawPayload).metadata();
    expect([format, width, height]).toEqual(['webp', 240, 180]);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+-240"$/);
    expect((await get('/media/100030-240.webp', { 'if-none-match': etag })).statusCode).toBe(304);
    // Kept: the same bytes again, and another width is another picture.
    expect((await get('/media/100030-240.webp')).rawPayload.equals(response.rawPayload)).toBe(true);
    const wider = await get('/media/100030-480.webp');
    expect((await sharp(wider.rawPayload).metadata()).width).toBe(480);
    expect(wider.headers.etag).not.toBe(etag);
  });

  test("a picture across a mid-range phone's screen has a width of its own: 800", async () => {
    const response = await get('/media/100030-800.webp');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(800);
  });

  test('a drawing wider than it is drawn is rasterised at that width (a vector scales)', async () => {
    const response = await get('/media/100030-1280.webp');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1280);
  });

  test('an uploaded picture is scaled down, never up', async () => {
    const smaller = await get(`/media/${UPLOADED}-320.webp`);
    expect(smaller.statusCode).toBe(200);
    expect((await sharp(smaller.rawPayload).metadata()).width).toBe(320);
    const larger = await get(`/media/${UPLOADED}-1280.webp`);
    expect((await sharp(larger.rawPayload).metadata()).width).toBe(800);
  });

  test('the same rendition asked for at once is made once and answered alike', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/media/100050-320.webp')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
  });

  test.each([
    ['a width not served', '/media/100030-250.webp'],
    ['a rendition as SVG', '/media/100030-240.svg'],
    ['a picture that does not exist', '/media/999999999-240.webp'],
    ['no width', '/media/100030-.webp'],
  ])('%s is 404', async (_, url) => {
    const response = await get(url);
    expectError(
      { status: response.statusCode, body: response.json(), headers: response.headers },
      404,
      'ROUTE_NOT_FOUND',
    );
  });

  test('the pictures themselves are served as before', async () => {
    const drawing = await get('/media/100030.svg');
    expect(drawing.statusCode).toBe(200);
    expect(drawing.headers['content-type']).toBe('image/svg+xml');
    const uploaded = await get(`/media/${UPLOADED}.webp`);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers.etag).toBe('"uploaded-800"');
  });
});
