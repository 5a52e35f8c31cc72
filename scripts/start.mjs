// `npm start`: build the web app if needed, then run the server in this process.
import { register } from 'tsx/esm/api';
import { existsSync } from 'node:fs';
import { ensureWebBuild } from './web-build.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');

await ensureWebBuild();
register();
await import('../src/server/main.ts');
