import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillswap-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title><!--app-config--></head><body>app</body></html>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    server = await startTestServer('pglite', { APP_NAME: 'Swap & Share', SUPPORT_EMAIL: 'help@example.org' }, { webDistDir: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 200],
    ['/home', 200],
    ['/HOME/', 200],
    ['/profile/abc', 200],
    ['/profile/edit', 200],
    ['/search?q=guitar', 200],
    ['/auth/callback?token=x', 200],
    ['/messages', 200],
    ['/no/such/page', 404],
    ['/profile/abc/def', 404],
    ['/homes', 404],
    ['/assets/missing-123.js', 404],
  ])('answers %s with index.html, the client config and status %i', async (url, status) => {
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Swap &amp; Share</title>');
    expect(html).toContain(
      '<meta name="skillswap-config" content="{&quot;appName&quot;:&quot;Swap &amp; Share&quot;,&quot;supportEmail&quot;:&quot;help@example.org&quot;}">',
    );
  });

  it('answers HEAD for an unknown page with 404 too, and unknown API paths with JSON', async () => {
    expect((await fetch(`${server.url}/no/such/page`, { method: 'HEAD' })).status).toBe(404);
    const api = await fetch(`${server.url}/api/no/such/thing`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await fetch(`${server.url}/assets/main-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});
