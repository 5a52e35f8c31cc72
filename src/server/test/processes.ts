import { spawn } from 'node:child_process';
import path from 'node:path';

const mainFile = path.resolve(import.meta.dirname, '..', 'main.ts');

/** A real server process (src/server/main.ts through tsx), for tests that stop, kill or restart it. */
export interface ServerProcess {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
  output(): string;
}

/** Starts main.ts with only `env` (and PATH), NODE_ENV test and info logs unless given. */
export function runMain(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    // The weekly digest job stays off: it would mail other tests' members in the shared database.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', DIGEST_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { exited, kill: (s) => child.kill(s), output: () => stdout + stderr };
}

/** Resolves once the server on `port` answers /api/health with 200 (up to 120 s: a loaded machine starts tsx and PGlite slowly). */
export async function waitForHealth(port: number, server?: ServerProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy${server ? `:\n${server.output().slice(-2000)}` : ''}`);
}
