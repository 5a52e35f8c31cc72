// The server the Playwright journeys run against: a fresh embedded database in a temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

register();
await import('../src/server/main.ts');
