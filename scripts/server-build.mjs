import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = path.join(root, 'dist/server');
const migrations = path.join(root, 'src/server/db/migrations');
/** Builds of other sources are removed once they are this old (an instance started from one has long read it). */
const OLD_BUILD_MS = 24 * 3600 * 1000;

function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [[`${prefix}${e.name}`, readFileSync(path.join(dir, e.name))]]));
}

/**
 * Builds the server for `npm start` and returns the file to import: src/server as one ES module
 * (packages stay in node_modules) with its migrations beside it, in a folder named after their
 * contents (dist/server/<hash>/main.mjs). Running the TypeScript through tsx instead kept tsx's
 * loader (a thread of its own, with the transformed sources) in the server for its whole life:
 * ~95 MB of its memory (bench/RESULTS.md). The build takes well under a second, so it is done at
 * every start and is never stale; instances started together from one checkout (README, Several
 * instances) each rename a finished folder into place, so none reads a half-written one. Paths the
 * server finds from its own file (`import.meta.dirname`: its migrations, ../../dist/web) resolve
 * the same from dist/server/<hash> as from src/server/db and src/server.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(outRoot, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
  });
  const files = [
    ...result.outputFiles.map((f) => [path.basename(f.path), Buffer.from(f.contents)]),
    ...filesUnder(migrations).map(([name, content]) => [`migrations/${name}`, content]),
  ];
  const hash = createHash('sha256');
  for (const [name, content] of files) hash.update(name).update('\0').update(content).update('\0');
  const dir = path.join(outRoot, hash.digest('hex').slice(0, 16));
  const entry = path.join(dir, 'main.mjs');
  if (!exists(entry)) {
    const tmp = path.join(outRoot, `.tmp-${process.pid}-${Date.now()}`);
    for (const [name, content] of files) {
      mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
      writeFileSync(path.join(tmp, name), content);
    }
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // Another instance put the same build in place first.
      rmSync(tmp, { recursive: true, force: true });
      if (!exists(entry)) throw err;
    }
  }
  removeOldBuilds(dir);
  return entry;
}

function exists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function removeOldBuilds(current) {
  const now = Date.now();
  for (const name of readdirSync(outRoot)) {
    const dir = path.join(outRoot, name);
    if (dir === current) continue;
    try {
      if (now - statSync(dir).mtimeMs > OLD_BUILD_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another instance.
    }
  }
}
