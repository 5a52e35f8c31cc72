import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`) when installed: the same
 * Blink without the full browser around it, so the suite takes ~30 % less time on 2 cores
 * (1.6 instead of 2.3 min for feed-home and notifications). Otherwise Debian's Chromium.
 * E2E_CHROMIUM names another build.
 */
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** End-to-end journeys in Debian's Chromium against a real server on a fresh embedded database. */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // 60 s: on the 2-core CI machine several two-member journeys take 25-35 s (each step waits on
  // page loads of a few seconds there); test.slow() triples it for the longest ones.
  timeout: 60_000,
  // 10 s: a page load on a busy 2-core CI machine took 7 s once before its first check could pass.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
