import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/harness.js';
import { runMain, waitForHealth } from './test/processes.js';

describe('main: start-up and shutdown', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'skillswap-main-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
  ])('stops with one clear line and exit code 1 when %s=%s', async (variable, value) => {
    const { code, stderr } = await runMain({ DATA_DIR: tempDir(), [variable]: value }).exited;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
  });

  it('refuses a second process on the same embedded database, and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = runMain({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port);

    // A write just before shutdown must survive it.
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.org', password: 'Tr1cky-Otter-Lamp', acceptTerms: true }),
    });
    expect(signUp.status).toBe(200);

    const second = await runMain({ DATA_DIR: dataDir, PORT: String(await freePort()) }).exited;
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('already in use by another SkillSwap process');

    first.kill('SIGTERM');
    const { code } = await first.exited;
    expect(code).toBe(0);

    // The lock was released and the data survived: a new process opens the same directory.
    const port2 = await freePort();
    const third = runMain({ DATA_DIR: dataDir, PORT: String(port2) });
    await waitForHealth(port2);
    // The member written just before SIGTERM still exists: signing up again gets the
    // 'already exists' e-mail, which only an existing account triggers.
    await fetch(`http://127.0.0.1:${port2}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.org', password: 'Tr1cky-Otter-Lamp', acceptTerms: true }),
    });
    await expect
      .poll(async () => {
        const box = (await (await fetch(`http://127.0.0.1:${port2}/api/dev/mailbox`)).json()) as { mails: { subject: string }[] };
        return box.mails.some((m) => m.subject.includes('already have'));
      }, { timeout: 20_000 })
      .toBe(true);
    third.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  }, 120_000);
});
