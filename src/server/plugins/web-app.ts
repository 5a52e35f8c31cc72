import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPage } from '../../shared/app-paths.js';
import { firstModulesFor, firstRequestsFor, preloadLinkHeader } from '../../shared/first-requests.js';
import { MEMBER_FIRST_PAINT_FILE, PRERENDER_PLACEHOLDERS, PRERENDERED_FILE, type PrerenderedPage } from '../../shared/prerender.js';
import type { AppConfig } from '../config.js';
import { defaultMeta, type PageMeta, publicPagePath, publicPages, robotsTxt, sitemapXml } from './page-meta.js';

/** Values the browser app needs at start, injected into index.html as a meta tag. */
export function publicClientConfig(config: AppConfig) {
  return { appName: config.appName, supportEmail: config.supportEmail };
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none.
 * Honours `q=0` (refused) and `*`; among accepted ones the higher q wins, brotli on a tie.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (encoding: Encoding) => q.get(encoding) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** One HTML page, and its compressed forms made on first use. */
class CompressedPage {
  private br?: Buffer;
  private gzip?: Buffer;
  constructor(readonly html: string) {}
  body(encoding: Encoding | undefined): string | Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      return this.br;
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.html, { level: 9 });
      return this.gzip;
    }
    return this.html;
  }
}

/**
 * Serves the built single-page app: hashed assets with a year of caching, every other
 * non-API GET answered with index.html (history fallback; status 404 when the app has no page
 * at that address, so it shows its 404 screen) with that page's head tags (page-meta.ts),
 * /robots.txt and /sitemap.xml, and JSON 404s under /api.
 */
export async function registerWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  let indexHtml: string | undefined;
  let indexMtime = 0;
  /** The build's prerendered public pages (scripts/prerender-plugin.ts), by path. */
  let prerendered = new Map<string, PrerenderedPage>();
  /** The build's first paints of members' pages (the frame and header, no member data), by path. */
  let firstPaints = new Map<string, string>();
  /**
   * The finished pages of the current build: one per public page, '*' for every other address,
   * `prerendered:<path>:<year>` for a public page as a visitor without a session gets it and
   * `member:<path>` for a member's page with its first paint.
   */
  const pages = new Map<string, CompressedPage>();
  const clientConfig = `<meta name="skillswap-config" content="${escapeAttribute(JSON.stringify(publicClientConfig(config)))}">`;
  const metaByPath = publicPages(config.appName);

  function headTags(meta: PageMeta, pagePath: string | undefined): { title: string; tags: string } {
    const title = meta.title ? `${meta.title} | ${config.appName}` : config.appName;
    // /login shows the same page as /signin; search engines should count them as one.
    const canonical = pagePath === undefined ? undefined : new URL(pagePath === '/login' ? '/signin' : pagePath, config.appUrl).href;
    const tag = (attribute: 'name' | 'property', key: string, content: string) =>
      `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`;
    const tags = [
      tag('name', 'description', meta.description),
      ...(canonical ? [`<link rel="canonical" href="${escapeAttribute(canonical)}">`] : []),
      tag('property', 'og:type', 'website'),
      tag('property', 'og:site_name', config.appName),
      tag('property', 'og:title', title),
      tag('property', 'og:description', meta.description),
      ...(canonical ? [tag('property', 'og:url', canonical)] : []),
      tag('name', 'twitter:card', 'summary'),
      tag('name', 'twitter:title', title),
      tag('name', 'twitter:description', meta.description),
    ].join('\n    ');
    return { title, tags };
  }

  /**
   * The prerendered pages of a build, each with its template's HTML (a file of the build folder
   * itself); none when it has no (readable) prerendered.json.
   */
  function readPrerendered(): Map<string, PrerenderedPage> {
    const pages = new Map<string, PrerenderedPage>();
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(config.webDistDir, PRERENDERED_FILE), 'utf8'));
      if (typeof parsed !== 'object' || parsed === null) return pages;
      const templates = new Map<string, string>();
      for (const [pagePath, page] of Object.entries(parsed)) {
        if (typeof page !== 'object' || page === null || typeof page.template !== 'string' || typeof page.html !== 'string') continue;
        if (page.template !== path.basename(page.template) || !page.template.endsWith('.html')) continue;
        let template = templates.get(page.template);
        if (template === undefined) {
          template = readFileSync(path.join(config.webDistDir, page.template), 'utf8');
          templates.set(page.template, template);
        }
        pages.set(pagePath, { template, html: page.html });
      }
    } catch {
      return new Map();
    }
    return pages;
  }

  /**
   * The build's chunks by source module (Vite's manifest, `build.manifest`): each module's own
   * file and the files it imports statically, minus what index.html loads already; and those of
   * what main.tsx imports step by step before the app (its libraries' and schemas' chunks).
   */
  function readChunks(): { byModule: Map<string, string[]>; bootSteps: string[] } {
    const byModule = new Map<string, string[]>();
    try {
      const manifest = JSON.parse(readFileSync(path.join(config.webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        { file?: unknown; imports?: unknown; dynamicImports?: unknown }
      >;
      const filesOf = (key: string, seen = new Set<string>()): Set<string> => {
        const entry = manifest[key];
        if (!entry || seen.has(key)) return seen;
        seen.add(key);
        if (Array.isArray(entry.imports)) for (const child of entry.imports) if (typeof child === 'string') filesOf(child, seen);
        return seen;
      };
      const file = (key: string) => manifest[key]?.file;
      const loaded = new Set([...filesOf('index.html')].map(file));
      const filesFrom = (keys: Iterable<string>) =>
        [...new Set([...keys].flatMap((key) => [...filesOf(key)].map(file)))]
          .filter((f): f is string => typeof f === 'string' && !loaded.has(f))
          .map((f) => `/${f}`);
      for (const key of Object.keys(manifest)) byModule.set(key, filesFrom([key]));
      const steps = manifest['index.html']?.dynamicImports;
      return { byModule, bootSteps: filesFrom(Array.isArray(steps) ? steps.filter((k): k is string => typeof k === 'string') : []) };
    } catch {
      return { byModule: new Map(), bootSteps: [] };
    }
  }
  let chunks: ReturnType<typeof readChunks> = { byModule: new Map(), bootSteps: [] };

  /** The build's member-first-paint.json (path -> HTML); empty when it has none. */
  function readFirstPaints(): Map<string, string> {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(config.webDistDir, MEMBER_FIRST_PAINT_FILE), 'utf8'));
      if (typeof parsed !== 'object' || parsed === null) return new Map();
      return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      return new Map();
    }
  }

  /**
   * The chunks of main.tsx's start-up steps, then a page's own lazily loaded chunks and what they
   * import (beyond index.html's scripts): what its first load needs, first needed first.
   */
  function pageChunks(pathname: string): string[] {
    const own = firstModulesFor(pathname).flatMap((module) => chunks.byModule.get(module) ?? []);
    return [...new Set([...chunks.bootSteps, ...own])];
  }

  /**
   * The `Link` header of a member's page: its first API reads, and its own chunks and main.tsx's
   * start-up steps' unless the page has a first paint: then main.tsx preloads them once that is
   * painted (`data-modules`), so the scripts' download does not hold the first paint back on a
   * slow connection.
   */
  function memberPreloads(pathname: string): string {
    return preloadLinkHeader(firstRequestsFor(pathname), firstPaints.has(pathname) ? [] : pageChunks(pathname));
  }

  /** Prerendered HTML with the server's values in place of the build's placeholders. */
  function fillPlaceholders(html: string): string {
    return html
      .replaceAll(PRERENDER_PLACEHOLDERS.appName, escapeAttribute(config.appName))
      .replaceAll(PRERENDER_PLACEHOLDERS.supportEmail, escapeAttribute(config.supportEmail))
      .replaceAll(PRERENDER_PLACEHOLDERS.year, String(new Date().getFullYear()));
  }

  /** Rereads the build when index.html changed; false when there is none. */
  function loadBuild(): boolean {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (indexHtml === undefined || mtime !== indexMtime) {
        indexHtml = readFileSync(indexFile, 'utf8');
        indexMtime = mtime;
        prerendered = readPrerendered();
        firstPaints = readFirstPaints();
        chunks = readChunks();
        pages.clear();
      }
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The page for `pathname` as `reader` gets it: a visitor (no session) may get a prerendered
   * public page, a member the first paint of their page.
   */
  function readPage(pathname: string, reader: 'visitor' | 'member' | 'unknown'): CompressedPage | undefined {
    if (!loadBuild() || indexHtml === undefined) return undefined;
    const pagePath = publicPagePath(pathname);
    const prerenderedPage = reader === 'visitor' && pagePath ? prerendered.get(pagePath) : undefined;
    const firstPaint = reader === 'member' ? firstPaints.get(pathname) : undefined;
    // A prerendered page holds the current year (its footer), so New Year makes a new one.
    const key =
      prerenderedPage !== undefined
        ? `prerendered:${pagePath}:${new Date().getFullYear()}`
        : firstPaint !== undefined
          ? `member:${pathname}`
          : (pagePath ?? '*');
    let page = pages.get(key);
    if (!page) {
      const { title, tags } = headTags((pagePath && metaByPath.get(pagePath)) || defaultMeta(config.appName), pagePath);
      let html = (prerenderedPage?.template ?? indexHtml)
        .replace('<!--app-config-->', clientConfig)
        .replace('<!--page-meta-->', tags)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(title)}</title>`);
      if (prerenderedPage) {
        const rootHtml = fillPlaceholders(prerenderedPage.html);
        // In index.html, main.tsx hydrates the page: it preloads the chunks of its start-up steps
        // and the app's (`data-modules`) all at once, then evaluates them a task each (each step
        // asked for its chunk only when it came, one round trip after another).
        const modules =
          prerenderedPage.template === indexHtml ? ` data-modules="${escapeAttribute(pageChunks(pathname).join(' '))}"` : '';
        html = html.replace('<div id="root"></div>', () => `<div id="root"${modules}>${rootHtml}</div>`);
      } else if (firstPaint !== undefined) {
        // main.tsx renders the app over it (it is not hydrated): the attribute tells it so. Its
        // start-up steps' chunks are named too, as on a visitor's page: asked for one after another,
        // their round trips held the app back by ~1.9 s at 150 ms of latency (bench/RESULTS.md).
        const rootHtml = fillPlaceholders(firstPaint);
        const modules = escapeAttribute(pageChunks(pathname).join(' '));
        html = html.replace('<div id="root"></div>', () => `<div id="root" data-first-paint data-modules="${modules}">${rootHtml}</div>`);
      }
      page = new CompressedPage(html);
      pages.set(key, page);
    }
    return page;
  }

  /**
   * Whether a prerendered page may answer: it shows the page signed out, so only to a request
   * without a session (a member's browser renders the page itself, as it always did).
   */
  async function isVisitor(request: FastifyRequest, pathname: string): Promise<boolean> {
    if (!loadBuild()) return false;
    const pagePath = publicPagePath(pathname);
    if (!pagePath || !prerendered.has(pagePath)) return false;
    try {
      return (await request.viewer()) === null;
    } catch (error) {
      request.log.warn({ err: error }, 'Could not read the session for a page: sending the page without prerendered HTML');
      return false;
    }
  }

  let hasDist = true;
  try {
    statSync(config.webDistDir);
  } catch {
    hasDist = false;
  }
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      wildcard: true,
      // Not the build's .vite/manifest.json (read by the server only).
      dotfiles: 'ignore',
      // The build writes .br and .gz copies of text assets (scripts/precompress-plugin.ts);
      // they are sent with Content-Encoding and Vary: Accept-Encoding to browsers that take them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'public, max-age=300');
        }
      },
    });
  }

  /** Whether the request carries a session that is still valid (a member's page load). */
  async function isMember(request: FastifyRequest): Promise<boolean> {
    if (!request.headers.cookie) return false;
    try {
      return (await request.viewer()) !== null;
    } catch (error) {
      request.log.warn({ err: error }, 'Could not read the session for a page: sending it without preload hints');
      return false;
    }
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply, status = 200) {
    const pathname = request.url.split('?')[0] ?? '/';
    const visitor = status === 200 && (await isVisitor(request, pathname));
    const member = status === 200 && !visitor && (await isMember(request));
    const page = readPage(pathname, visitor ? 'visitor' : member ? 'member' : 'unknown');
    if (!page) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.status(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    // A member's page: the browser fetches the app's first API reads while the scripts download.
    if (member) reply.header('Link', memberPreloads(pathname));
    return reply.send(page.body(encoding));
  }

  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(config.appUrl)),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemapXml(config.appUrl)),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!isPage) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: `No API route ${request.method} ${pathname}` },
        requestId: request.id,
      });
    }
    // The app's router shows its 404 screen for any address it has no page for; the status says so too.
    return sendIndex(request, reply, isAppPage(pathname) ? 200 : 404);
  });
}
