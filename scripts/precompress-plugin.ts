import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text assets worth compressing; images and fonts are compressed already. HTML is left out: the
 * server fills in the client config and compresses each page once itself (plugins/web-app.ts).
 */
const TEXT_FILE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 512;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `.br` and `.gz` copies of the text assets under `dir` (see precompress()). */
export function precompressDir(dir: string): void {
  for (const file of walk(dir)) {
    if (!TEXT_FILE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of the build, so the
 * server (@fastify/static with `preCompressed`) sends them without compressing on each request.
 * A copy that would not be smaller than the original is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'skillswap-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
