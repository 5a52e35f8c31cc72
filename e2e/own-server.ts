import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/*
 * A SkillSwap server of a test's own, for journeys that stop and start the server (the shared
 * Playwright webServer must keep running for every other test). It runs the real app
 * (src/server/main.ts through tsx, serving the built web app) on its own port and DATA_DIR, so the
 * embedded database persists across a restart. No SMTP: mails go to the dev outbox, which the
 * test reads over loopback.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface OwnServerOptions {
  /** Variables over the defaults (e.g. DATABASE_URL and AUTH_SECRET for instances sharing PostgreSQL). */
  env?: Record<string, string>;
  /** Start as `npm start` does (scripts/start.mjs) rather than main.ts directly. */
  npmStart?: boolean;
}

export class OwnServer {
  private child: ChildProcess | null = null;
  private stderr = '';
  private readonly killOnExit = () => this.child?.kill('SIGKILL');

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly options: OwnServerOptions,
  ) {}

  /** A stopped server with a free port and an empty data directory. */
  static async create(options: OwnServerOptions = {}): Promise<OwnServer> {
    return new OwnServer(await freePort(), mkdtempSync(path.join(tmpdir(), 'skillswap-e2e-own-')), options);
  }

  /** The started process's id (`npm start`'s own process when `npmStart`), or null when stopped. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  /** Starts the server and resolves once /api/health answers 200 (fails with its stderr if it exits). */
  async start(): Promise<void> {
    if (this.child) throw new Error('already running');
    this.stderr = '';
    const args = this.options.npmStart ? ['scripts/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        DATABASE_URL: '',
        APP_URL: '',
        TRUST_PROXY: 'false',
        DIGEST_ENABLED: 'false',
        ...this.options.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    process.once('exit', this.killOnExit);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${this.stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`the server did not answer /api/health within 120 s: ${this.stderr}`);
  }

  /** SIGTERM (the server closes its sockets and the database), SIGKILL after 15 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    process.removeListener('exit', this.killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stops the server and removes its data. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The newest link to `pathPrefix` in a mail to `address`, from the dev outbox (loopback only). */
  async mailLink(address: string, pathPrefix: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/dev/mailbox`);
      const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
      for (const mail of mails.filter((m) => m.to.toLowerCase() === address.toLowerCase())) {
        const link = (mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((l) => new URL(l).pathname.startsWith(pathPrefix));
        if (link) return link;
      }
      await sleep(200);
    }
    throw new Error(`no mail to ${address} with a ${pathPrefix} link`);
  }

  /** Signs a new member up on this server and verifies them, signed in on `request`'s context. */
  async signedInMember(request: APIRequestContext, email: string, password: string): Promise<string> {
    const res = await request.post('/api/auth/sign-up/email', { data: { email, password, acceptTerms: true } });
    if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
    const token = new URL(await this.mailLink(email, '/auth/callback')).searchParams.get('token') ?? '';
    const verified = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
    const session = (await (await request.get('/api/auth/get-session')).json()) as { user: { id: string } } | null;
    if (!session) throw new Error('no session after verification');
    return session.user.id;
  }
}
