import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema/index.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { makeImage, makeJpegWithExif, makePngBomb, memberWithCookie, uploadPhoto } from './test-support.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe.each(testDatabases())('photo uploads on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });

  async function photoCount(ownerId: string): Promise<number> {
    const [row] = await server.app.database.db.select({ n: count() }).from(photos).where(eq(photos.ownerId, ownerId));
    return row?.n ?? 0;
  }

  it('refuses a visitor', async () => {
    const res = await uploadPhoto(server, undefined, await makeImage('png'));
    expect(res.status).toBe(401);
  });

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('re-encodes a %s to a 400x400 JPEG and serves it with caching headers', async (format) => {
    const member = await memberWithCookie(server);
    const res = await uploadPhoto(server, member.cookie, await makeImage(format, 900, 300), { type: `image/${format}` });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; url: string };
    expect(body.url).toBe(`/api/photos/${body.id}`);

    const served = await fetch(`${server.url}${body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    // Served as what it is, and browsers may not guess otherwise.
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });

    const again = await fetch(`${server.url}${body.url}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('strips metadata from the stored image', async () => {
    const member = await memberWithCookie(server);
    const original = await makeJpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadPhoto(server, member.cookie, original, { type: 'image/jpeg', filename: 'me.jpg' });
    const { url } = (await res.json()) as { url: string };
    const stored = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('sniffs the real type: a text file named photo.png is refused and nothing is stored', async () => {
    const member = await memberWithCookie(server);
    const res = await uploadPhoto(server, member.cookie, Buffer.from('just some text, not a picture\n'.repeat(20)), {
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(res.status).toBe(415);
    expect((await res.json()) as ErrorBody).toMatchObject({
      error: { message: 'Invalid file type', fields: { photo: 'Please select an image file' } },
    });
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('refuses an SVG (an image, but not one of ours)', async () => {
    const member = await memberWithCookie(server);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await uploadPhoto(server, member.cookie, svg, { filename: 'x.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(415);
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('refuses a corrupt image with the spec message and stores nothing', async () => {
    const member = await memberWithCookie(server);
    const png = await makeImage('png', 800, 800);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const jpeg = await makeImage('jpeg', 800, 800);
    for (const broken of [truncated, jpeg.subarray(0, 600)]) {
      const res = await uploadPhoto(server, member.cookie, broken);
      expect(res.status).toBe(400);
      expect((await res.json()) as ErrorBody).toMatchObject({
        error: { message: 'Upload failed', fields: { photo: 'Failed to process the image. Please try again.' } },
      });
    }
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const member = await memberWithCookie(server);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(6 * 1024 * 1024, 7)]);
    const res = await uploadPhoto(server, member.cookie, big);
    expect(res.status).toBe(413);
    expect((await res.json()) as ErrorBody).toMatchObject({
      error: { message: 'File too large', fields: { photo: 'Please select an image smaller than 5MB' } },
    });
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const member = await memberWithCookie(server);
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = Date.now();
    const res = await uploadPhoto(server, member.cookie, bomb);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Upload failed');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('refuses a request without a photo field or without multipart', async () => {
    const member = await memberWithCookie(server);
    const wrongField = await uploadPhoto(server, member.cookie, await makeImage('png'), { field: 'avatar' });
    expect(wrongField.status).toBe(415);
    const json = await member.client.post('/api/photos', { photo: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    expect(await photoCount(member.userId)).toBe(0);
  });

  it('answers 404 for an unknown or malformed photo id', async () => {
    expect((await fetch(`${server.url}/api/photos/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/photos/not-a-uuid`)).status).toBe(404);
  });
});
