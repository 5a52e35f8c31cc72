import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAppPage } from '../../shared/app-paths.js';
import type { AppConfig } from '../config.js';

/** Values the browser app needs at start, injected into index.html as a meta tag. */
export function publicClientConfig(config: AppConfig) {
  return { appName: config.appName, supportEmail: config.supportEmail };
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Serves the built single-page app: hashed assets with a year of caching, every other
 * non-API GET answered with index.html (history fallback; status 404 when the app has no page
 * at that address, so it shows its 404 screen), and JSON 404s under /api.
 */
export async function registerWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  let indexHtml: string | undefined;
  let indexMtime = 0;
  const meta = `<meta name="skillswap-config" content="${escapeAttribute(JSON.stringify(publicClientConfig(config)))}">`;

  function readIndex(): string | undefined {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (indexHtml === undefined || mtime !== indexMtime) {
        indexHtml = readFileSync(indexFile, 'utf8')
          .replace('<!--app-config-->', meta)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.appName)}</title>`);
        indexMtime = mtime;
      }
      return indexHtml;
    } catch {
      return undefined;
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
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'public, max-age=300');
        }
      },
    });
  }

  function sendIndex(reply: FastifyReply, status = 200) {
    const html = readIndex();
    if (!html) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!isPage) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: `No API route ${request.method} ${pathname}` },
      });
    }
    // The app's router shows its 404 screen for any address it has no page for; the status says so too.
    return sendIndex(reply, isAppPage(pathname) ? 200 : 404);
  });
}
