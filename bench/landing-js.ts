/**
 * Landing page first load: total JavaScript the browser downloads, gzipped, against the
 * 100 KB target of issue 14. Starts the real server, loads / in Chromium and measures every script response.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from '../src/server/test/harness.js';

export const LANDING_JS_BUDGET_KB = 100;

export async function measureLandingJs(): Promise<number> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-bench-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        if (i > 600) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Every script once (a module preloaded and then imported is one download), and every body
    // read before the browser closes: summing inside the handlers raced the close.
    const scripts = new Map<string, Promise<number>>();
    const page = await browser.newPage();
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script' || scripts.has(res.url())) return;
      scripts.set(
        res.url(),
        res.body().then((body) => gzipSync(body).length),
      );
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const sizes = await Promise.all(scripts.values());
    await browser.close();
    // What each script weighs, biggest first, so a regression names its chunk.
    const named = [...scripts.keys()].map((url, i) => [new URL(url).pathname, sizes[i] ?? 0] as const).sort((a, b) => b[1] - a[1]);
    for (const [name, size] of named) console.log(`info  ${(size / 1024).toFixed(1).padStart(6)} KB  ${name}`);
    return sizes.reduce((sum, size) => sum + size, 0) / 1024;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
