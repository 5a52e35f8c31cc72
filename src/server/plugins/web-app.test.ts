import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress-plugin.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { signedInMember } from '../test/members.js';
import { chooseEncoding } from './web-app.js';

/** A script big enough to be worth compressing, as the build makes them. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'skillswap-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title><!--app-config--><!--page-meta--></head><body><div id="root"></div>app</body></html>');
    // As scripts/prerender-plugin.ts writes it: placeholders where the server's values go.
    writeFileSync(
      path.join(dist, 'landing.html'),
      '<html><head><title>x</title><!--app-config--><!--page-meta--></head><body><div id="root"></div>landing entry</body></html>',
    );
    writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({
        '/': { template: 'landing.html', html: '<h1>Welcome to @@APP_NAME@@</h1><a href="mailto:@@SUPPORT_EMAIL@@">@@SUPPORT_EMAIL@@</a>' },
        '/signin': { template: 'index.html', html: '<h1>Welcome Back</h1><p>© @@YEAR@@</p>' },
        '/help': { template: '../outside.html', html: '<h1>Not from the build folder</h1>' },
      }),
    );
    writeFileSync(path.join(dist, 'member-first-paint.json'), JSON.stringify({ '/home': '<h1>Discover on @@APP_NAME@@</h1>' }));
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    // As Vite writes it (build.manifest): keys are source modules, imports are other keys.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/main-abc123.js', imports: ['_helper.js'], dynamicImports: ['lib/boot-step.ts'] },
        'lib/boot-step.ts': { file: 'assets/boot-step-777.js', imports: ['_vendor.js'] },
        '_helper.js': { file: 'assets/preload-helper-000.js' },
        'app-main.tsx': { file: 'assets/app-main-555.js', imports: ['_vendor.js', '_helper.js'] },
        '_vendor.js': { file: 'assets/vendor-111.js' },
        '_shared.js': { file: 'assets/shared-222.js', imports: ['_vendor.js'] },
        'app/app-shell.tsx': { file: 'assets/app-shell-333.js', imports: ['_shared.js', 'app-main.tsx'] },
        'features/posts/home-page.tsx': { file: 'assets/home-page-444.js', imports: ['_shared.js', '_vendor.js'] },
      }),
    );
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), SCRIPT);
    writeFileSync(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`);
    precompressDir(dist);
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
    expect(html).toMatch(/<title>[^<]*Swap &amp; Share<\/title>/);
    expect(html).toContain(
      '<meta name="skillswap-config" content="{&quot;appName&quot;:&quot;Swap &amp; Share&quot;,&quot;supportEmail&quot;:&quot;help@example.org&quot;}">',
    );
  });

  it.each(['/', '/signin', '/home', '/no/such/page'])('serves %s with a CSP that allows no inline script (nor inline handlers: script-src-attr falls back to it) and no sniffing', async (url) => {
    const res = await fetch(`${server.url}${url}`);
    const directives = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(directives).toContain("script-src 'self'");
    expect(directives.join(';')).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
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

  it('builds brotli and gzip copies of text assets worth compressing, and not of tiny ones', () => {
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'assets', 'big-def456.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(path.join(dist, 'assets', 'big-def456.js.gz'))).toString()).toBe(SCRIPT);
    expect(existsSync(path.join(dist, 'favicon.svg.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets', 'main-abc123.js.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['br;q=nonsense', undefined],
  ])('picks the encoding for Accept-Encoding "%s": %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('serves a hashed script precompressed with %s, immutable, varying on Accept-Encoding', async (encoding, decode) => {
    const res = await server.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the plain file to a client that takes no compression, still varying on Accept-Encoding', async () => {
    const res = await server.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('serves files without a hash compressed with short caching', async () => {
    const res = await server.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each([
    ['/', 200],
    ['/no/such/page', 404],
  ])('compresses the app page at %s (status %i) for browsers that take it', async (url, status) => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await server.app.inject({ url, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res.rawPayload).toString()).toContain('<title>Swap &amp; Share</title>');
    }
    const plain = await server.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Swap &amp; Share</title>');
  });

  it('answers /robots.txt with crawling rules and the sitemap, not the app', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/messages$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('lists the public pages in /sitemap.xml', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ['/', '/signup', '/signin', '/forgot-password', '/terms', '/privacy', '/help'].map((p) => `${server.url}${p}`),
    );
  });

  it.each([
    ['/', 'Swap &amp; Share', 'Swap &amp; Share: neighbors trade skills without money. List what you offer', '/'],
    ['/signin', 'Welcome Back | Swap &amp; Share', 'Log in to Swap &amp; Share to continue your skill exchanges.', '/signin'],
    ['/LOGIN/', 'Welcome Back | Swap &amp; Share', 'Log in to Swap &amp; Share', '/signin'],
    ['/signup', 'Join the Swap &amp; Share Community | Swap &amp; Share', 'Create your free Swap &amp; Share account', '/signup'],
    ['/terms', 'Terms of Service | Swap &amp; Share', 'The rules for using Swap &amp; Share', '/terms'],
    ['/privacy?x=1', 'Privacy Policy | Swap &amp; Share', 'How Swap &amp; Share collects', '/privacy'],
    ['/help', 'Help &amp; Support | Swap &amp; Share', 'Answers to common questions about Swap &amp; Share', '/help'],
  ])('gives the public page %s its title, description and link preview tags', async (url, title, description, canonical) => {
    const html = await (await fetch(`${server.url}${url}`)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(new RegExp(`<meta name="description" content="${description}[^"]*">`));
    expect(html).toContain(`<link rel="canonical" href="${server.url}${canonical}">`);
    expect(html).toContain(`<meta property="og:url" content="${server.url}${canonical}">`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toMatch(new RegExp(`<meta property="og:description" content="${description}[^"]*">`));
    expect(html).toContain('<meta property="og:site_name" content="Swap &amp; Share">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toMatch(new RegExp(`<meta name="twitter:description" content="${description}[^"]*">`));
  });

  it.each(['/home', '/messages/abc', '/no/such/page'])('gives %s the general description and no canonical address', async (url) => {
    const html = await (await fetch(`${server.url}${url}`)).text();
    expect(html).toContain('<title>Swap &amp; Share</title>');
    expect(html).toContain('<meta name="description" content="Swap &amp; Share: neighbors trade skills without money.">');
    expect(html).not.toContain('rel="canonical"');
  });

  it.each([
    ['/', '<div id="root"><h1>Welcome to Swap &amp; Share</h1><a href="mailto:help@example.org">help@example.org</a></div>landing entry'],
    // In index.html, with the chunks main.tsx imports to start the app, for it to preload at once
    // (not what index.html loads itself).
    ['/signin', `<div id="root" data-modules="/assets/boot-step-777.js /assets/vendor-111.js /assets/app-main-555.js"><h1>Welcome Back</h1><p>© ${new Date().getFullYear()}</p></div>app`],
    ['/SIGNIN/?next=1', `<div id="root" data-modules="/assets/boot-step-777.js /assets/vendor-111.js /assets/app-main-555.js"><h1>Welcome Back</h1><p>© ${new Date().getFullYear()}</p></div>app`],
  ])('sends a visitor the prerendered %s in its template with the server values in place of the placeholders', async (url, root) => {
    for (const encoding of ['br', 'identity']) {
      const res = await server.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      const html = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(html).toContain(root);
      expect(html).not.toContain('@@');
      expect(html).toMatch(/<title>[^<]*Swap &amp; Share<\/title>/);
    }
  });

  it.each(['/help', '/login', '/home', '/no/such/page'])('sends %s as index.html with an empty root when the build prerendered no such page', async (url) => {
    expect(await (await fetch(`${server.url}${url}`)).text()).toContain('<div id="root"></div>app');
  });

  it("names a member's first API reads, main.tsx's start-up steps' chunks and the page's own as preloads, and nothing for a visitor", async () => {
    const { client } = await signedInMember(server);
    const home = await fetch(`${server.url}/home`, { headers: { cookie: client.cookieHeader() } });
    const links = (home.headers.get('link') ?? '').split(', ');
    expect(links).toContain('</api/auth/get-session>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(links.some((l) => l.startsWith('</api/feed?mode=recent&limit=50&offset=0>'))).toBe(true);
    // main.tsx's steps', the shell's and the page's chunks and what they import, but not what
    // index.html loads already: named in the page for main.tsx to preload once its first paint is
    // painted, not in the header.
    expect(links.filter((l) => l.includes('as=script'))).toEqual([]);
    const modules = /data-modules="([^"]*)"/.exec(await home.text())?.[1]?.split(' ') ?? [];
    expect(modules.sort()).toEqual([
      '/assets/app-main-555.js',
      '/assets/app-shell-333.js',
      '/assets/boot-step-777.js',
      '/assets/home-page-444.js',
      '/assets/shared-222.js',
      '/assets/vendor-111.js',
    ]);
    // Any other member's page: the session, and main.tsx's steps' and the app's chunks in the header.
    const settings = await fetch(`${server.url}/settings`, { headers: { cookie: client.cookieHeader() } });
    expect(settings.headers.get('link')).toBe(
      [
        '</api/auth/get-session>; rel=preload; as=fetch; crossorigin=anonymous',
        '</assets/boot-step-777.js>; rel=preload; as=script; crossorigin=anonymous',
        '</assets/vendor-111.js>; rel=preload; as=script; crossorigin=anonymous',
        '</assets/app-main-555.js>; rel=preload; as=script; crossorigin=anonymous',
      ].join(', '),
    );
    expect((await fetch(`${server.url}/home`)).headers.get('link')).toBeNull();
    // The manifest itself is not served.
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it("sends a member's /home with its first paint for the app to replace, and a visitor's without", async () => {
    const { client } = await signedInMember(server);
    const member = await (await fetch(`${server.url}/home`, { headers: { cookie: client.cookieHeader() } })).text();
    expect(member).toMatch(/<div id="root" data-first-paint data-modules="[^"]*"><h1>Discover on Swap &amp; Share<\/h1><\/div>app/);
    // Other members' pages have none, and a visitor (sent to sign in by the app) gets none.
    expect(await (await fetch(`${server.url}/settings`, { headers: { cookie: client.cookieHeader() } })).text()).toContain('<div id="root"></div>app');
    expect(await (await fetch(`${server.url}/home`)).text()).toContain('<div id="root"></div>app');
  });

  it('sends a signed-in member the page without prerendered HTML (it was rendered signed out)', async () => {
    const { client } = await signedInMember(server);
    for (const url of ['/', '/signin']) {
      const html = await (await fetch(`${server.url}${url}`, { headers: { cookie: client.cookieHeader() } })).text();
      expect(html).toContain('<div id="root"></div>app');
    }
    // A cookie that names no session is a visitor's.
    const stale = await (await fetch(`${server.url}/`, { headers: { cookie: 'better-auth.session_token=nonsense' } })).text();
    expect(stale).toContain('<h1>Welcome to Swap &amp; Share</h1>');
  });
});
