import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress-plugin.ts', 'scripts/prerender-plugin.ts', 'package-lock.json'];

function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when dist/web is missing or older than anything it is built from. */
export function webBuildIsStale() {
  const built = newestMtime(path.join(root, 'dist/web/index.html'));
  if (built === 0) return true;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

/** Builds the web app with Vite when it is missing or stale. */
export async function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (first start or sources changed)...');
  const { build } = await import('vite');
  // Always the production build: with NODE_ENV=test or development in the environment (the
  // benches, e2e) Vite would bundle React's development build, three times the size.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
