// The server the Playwright journeys run against: a fresh embedded database in a temp folder,
// and a real SMTP sink on 127.0.0.1 whose received mails the tests read over a tiny HTTP API
// (E2E_MAILBOX_PORT, GET /mails?to=address).
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { register } from 'tsx/esm/api';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3126);

/** @type {{ to: string[]; raw: string; receivedAt: number }[]} */
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
});
await new Promise((resolve) => mailbox.listen(mailboxPort, '127.0.0.1', resolve));

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
// Each test context sends its own X-Forwarded-For, so per-IP limits don't leak between tests.
process.env.TRUST_PROXY = 'true';
// The weekly digest job would mail members of other journeys at its hour; e2e runs none.
process.env.DIGEST_ENABLED = 'false';
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

register();
await import('../src/server/main.ts');
