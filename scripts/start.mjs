// `npm start`: build the web app if needed and the server, then run the server in this process.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildServer } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');

// Vite sets NODE_ENV=production while it builds; the server must see what the user set.
const nodeEnv = process.env.NODE_ENV;
await ensureWebBuild();
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
await import(pathToFileURL(await buildServer()).href);
