import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../e2e/pdf-text.js';
import { startTestServer, testDatabases, type TestServer } from './test/harness.js';

describe.each(testDatabases())('server foundation on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('reports health and the database kind', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('compresses API answers for clients that take it, and never decompresses request bodies', async () => {
    const raw = (path: string, acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(`${server.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const plain = await raw('/api/categories');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await raw('/api/categories', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    // Compressed in one call (pages up to 128 KB), so the length is known: not sent in chunks.
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gzip = await raw('/api/categories', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    // A gzip-encoded body is taken as it is (not JSON), never inflated.
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: server.url },
      body: gzipSync(JSON.stringify({ email: 'someone@example.org', password: 'whatever-it-is' })),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answers unknown API paths with the JSON error format', async () => {
    const res = await fetch(`${server.url}/api/nothing-here?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('/api/nothing-here');
    expect(body.error.message).not.toContain('x=1');
  });

  it('answers non-GET requests to unknown paths with JSON, not the app', async () => {
    const res = await fetch(`${server.url}/anything`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Where a visitor came from goes to our own pages only, never to other sites.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it.each([
    ['/terms-of-service.pdf', 'Terms of Service', ['18', 'Massachusetts', 'Suffolk County']],
    ['/privacy-policy.pdf', 'Privacy Policy', ['13', 'sell']],
  ])('serves %s as a real PDF with the legal text', async (url, title, phrases) => {
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = await res.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain(title);
    expect(text).toContain('Last updated July 21, 2025');
    for (const phrase of phrases) expect(text).toContain(phrase);
  });
});
