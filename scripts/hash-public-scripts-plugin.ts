import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Serves the pages' classic scripts from the public folder (`<script src="/early-events.js">`,
 * which Vite leaves as they are: it bundles module scripts only) as hashed copies under /assets,
 * which the server caches as immutable: at its own address the script was cached five minutes
 * (Lighthouse: uses-long-cache-ttl on the landing and sign-in pages). The public copy stays, for
 * pages cached before.
 */
export function hashPublicScripts(publicDir: string, names: readonly string[]): Plugin {
  return {
    name: 'skillswap-hash-public-scripts',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const name of names) {
        const source = readFileSync(path.join(publicDir, name), 'utf8');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/${path.basename(name, '.js')}-${hash}.js`;
        let used = false;
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.html') || typeof file.source !== 'string') continue;
          const html = file.source;
          if (!html.includes(`src="/${name}"`)) continue;
          file.source = html.replaceAll(`src="/${name}"`, `src="/${fileName}"`);
          used = true;
        }
        if (used && !(fileName in bundle)) this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
