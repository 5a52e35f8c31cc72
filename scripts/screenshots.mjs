// `npm run screenshots`: the README's pictures, taken from the demo community so they stay
// current. Seeds `npm run demo`'s community into a fresh embedded database in a temp folder,
// starts the built app on it (its own free port), signs in as a demo member and saves the home
// feed, a profile, a conversation and My Network at desktop (1440x900) and phone (375x812) size
// to docs/screenshots/*.png (device scale 1, recompressed with sharp to keep them small).
/* global document -- the page's, in waitForFunction */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs/screenshots');
// The demo community lives around Boston: its members see Boston's clock.
const TIMEZONE = 'America/New_York';
const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
};
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-screenshots-'));
/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
let serverLog = '';
const cleanUp = () => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function seed() {
  register();
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { seedDemo, DEMO_PASSWORD } = await import('../src/server/db/seed/demo.ts');
  const { progressReporter } = await import('../src/server/db/seed/progress.ts');
  const progress = progressReporter('  seeding');
  progress.update('database', 0, 1);
  const handle = await openDatabase({ dataDir });
  progress.update('database', 1, 1);
  try {
    const [login] = await seedDemo(handle.db, { progress: progress.update });
    if (!login) throw new Error('the demo community has no members');
    return { email: login.email, password: DEMO_PASSWORD };
  } finally {
    progress.end();
    await handle.close();
  }
}

async function startServer(port) {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DIGEST_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk) => {
    serverLog = (serverLog + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${serverLog}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within 120 s: ${serverLog}`);
}

/** Waits until the page shows its data: no skeleton, nothing busy, fonts and images loaded. */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  // A function, not a string: the app's CSP forbids the eval a string predicate needs.
  await page.waitForFunction(
    () =>
      document.querySelector('.animate-pulse, [aria-busy="true"]') === null &&
      [...document.images].every((img) => img.complete) &&
      document.fonts.status === 'loaded',
    undefined,
    { timeout: 30_000 },
  );
}

async function save(page, name) {
  await settled(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  // Lossless: a palette PNG would be a little smaller but bands the profile's gradient.
  const small = await sharp(png).png({ compressionLevel: 9, adaptiveFiltering: true, effort: 10 }).toBuffer();
  writeFileSync(path.join(outDir, `${name}.png`), small);
  console.log(`  docs/screenshots/${name}.png  ${(small.length / 1024).toFixed(0)} KB`);
}

/** The viewer's conversation with the most messages (its otherMember is the profile shown). */
async function pickConversation(request, baseUrl) {
  const res = await request.get(`${baseUrl}/api/conversations`);
  if (!res.ok()) throw new Error(`GET /api/conversations: ${res.status()}`);
  const { items: conversations } = await res.json();
  let best = null;
  for (const conversation of conversations) {
    const page = await request.get(`${baseUrl}/api/conversations/${conversation.id}/messages`);
    const { items: messages } = await page.json();
    if (!best || messages.length > best.count) best = { conversation, count: messages.length };
  }
  if (!best) throw new Error('the demo member has no conversation');
  return best.conversation;
}

const nodeEnv = process.env.NODE_ENV;
await ensureWebBuild();
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;

console.log(`Seeding the demo community into ${dataDir} ...`);
const login = await seed();
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
console.log(`Starting the app at ${baseUrl} ...`);
await startServer(port);

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  let storageState;
  let conversation;
  for (const [size, device] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext({ ...device, deviceScaleFactor: 1, locale: 'en-US', timezoneId: TIMEZONE, reducedMotion: 'reduce', storageState, baseURL: baseUrl });
    if (!storageState) {
      const res = await context.request.post('/api/auth/sign-in/email', {
        data: { email: login.email, password: login.password },
        headers: { origin: baseUrl },
      });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
      storageState = await context.storageState();
      conversation = await pickConversation(context.request, baseUrl);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error on ${page.url()}: ${error.message}`));
    await page.goto('/home');
    await save(page, `home-${size}`);
    await page.goto(`/profile/${conversation.otherMember.id}`);
    await save(page, `profile-${size}`);
    await page.goto(`/messages/${conversation.id}`);
    await save(page, `conversation-${size}`);
    await page.goto('/network');
    await save(page, `network-${size}`);
    await context.close();
  }
} finally {
  await browser.close();
}
console.log('Done.');
process.exit(0);
