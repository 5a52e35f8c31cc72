import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { OwnServer } from './own-server.js';

/*
 * `npm start` on PostgreSQL (scripts/start.mjs): the server needs a Node.js option that V8 reads
 * only at start (scripts/server-node-args.mjs), so npm start's process runs it in a child started
 * with it. Whatever ends npm start's process ends the server: SIGTERM is passed on (the several
 * instances journey stops its servers so), and killed outright, it leaves no server behind
 * holding the port. Needs PostgreSQL (TEST_DATABASE_URL, which CI sets).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
test.skip(!databaseUrl, 'needs PostgreSQL: set TEST_DATABASE_URL');

const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

test('npm start on PostgreSQL runs the server with its Node.js options, in a child that ends with it', async () => {
  test.setTimeout(120_000);
  const server = await OwnServer.create({ env: { DATABASE_URL: databaseUrl ?? '', AUTH_SECRET: randomBytes(32).toString('hex') }, npmStart: true });
  try {
    await server.start();
    const npmStart = server.pid ?? 0;
    const [child] = childrenOf(npmStart).filter((pid) => commandLine(pid).some((arg) => arg.endsWith('scripts/start.mjs')));
    expect(child, 'the server runs in a child of npm start').toBeDefined();
    expect(commandLine(child ?? 0)).toContain('--max-semi-space-size=64');
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);

    process.kill(npmStart, 'SIGKILL');
    await expect
      .poll(async () => fetch(`http://127.0.0.1:${server.port}/api/health`).then((res) => res.status, () => 'closed'), { timeout: 20_000 })
      .toBe('closed');
  } finally {
    await server.dispose();
  }
});
