// `npm run demo`: a living community in one command. Seeds a fresh embedded database
// (DATA_DIR, default ./data-demo) with ~40 members, 120 posts, requests, conversations and
// ratings, prints a few logins, then starts the server on it. Run it again to restart the same
// community; `npm run demo -- --reset` throws it away and seeds a new one.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');
if (process.env.DATABASE_URL) {
  console.error('npm run demo seeds an embedded database: unset DATABASE_URL (it would not touch your PostgreSQL).');
  process.exit(1);
}
const dataDir = process.env.DEMO_DATA_DIR ?? './data-demo';
process.env.DATA_DIR = dataDir;
const reset = process.argv.includes('--reset');
// Only a folder this script seeded carries the marker, so --reset never deletes anything else.
const marker = path.join(dataDir, '.skillswap-demo');
const seeded = existsSync(marker);
if (seeded && reset) rmSync(dataDir, { recursive: true, force: true });

register();
const { openDatabase } = await import('../src/server/db/client.ts');
const { seedDemo, DEMO_PASSWORD } = await import('../src/server/db/seed/demo.ts');
const { progressReporter } = await import('../src/server/db/seed/progress.ts');

if (!seeded || reset) {
  if (existsSync(dataDir) && readdirSync(dataDir).some((f) => f !== '.gitkeep')) {
    console.error(`${dataDir} is not empty and holds no demo database; choose another DEMO_DATA_DIR.`);
    process.exit(1);
  }
  console.log(`Seeding the demo community into ${dataDir} ...`);
  const started = Date.now();
  const progress = progressReporter('  seeding');
  progress.update('database', 0, 1);
  const handle = await openDatabase({ dataDir });
  progress.update('database', 1, 1);
  try {
    const logins = await seedDemo(handle.db, { progress: progress.update });
    progress.end();
    writeFileSync(marker, `seeded ${new Date().toISOString()}\n`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Every demo member signs in with password ${DEMO_PASSWORD}, e.g.:`);
    for (const login of logins) console.log(`  ${login.email}  (${login.name})`);
  } finally {
    progress.end();
    await handle.close();
  }
} else {
  console.log(`Using the demo community in ${dataDir} (npm run demo -- --reset seeds a new one).`);
  console.log(`Demo logins: every *@demo.skillswap.local member, password ${DEMO_PASSWORD}.`);
}

// Vite's build sets NODE_ENV=production in this process; the demo server runs in development.
const nodeEnv = process.env.NODE_ENV;
await ensureWebBuild();
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
await import('../src/server/main.ts');
