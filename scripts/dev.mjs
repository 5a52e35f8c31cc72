// `npm run dev`: the API server (restarted on change) plus Vite's dev server with hot reload
// on http://localhost:5173, which proxies /api to the server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'vite';

if (existsSync('.env')) process.loadEnvFile('.env');

const api = spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', '--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: process.env,
});
const vite = await createServer({ configFile: 'vite.config.ts', server: { port: 5173 } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
