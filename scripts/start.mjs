// `npm start`: build the web app if needed and the server, then run the server in this process,
// or, when it needs Node.js options this process was not started with (scripts/server-node-args.mjs),
// in a child process started with them that this one waits for.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './server-build.mjs';
import { serverNodeArgs } from './server-node-args.mjs';
import { ensureWebBuild } from './web-build.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');

const nodeArgs = serverNodeArgs(process.env);
if (nodeArgs.some((arg) => !process.execArgv.includes(arg))) {
  const child = spawn(process.execPath, [...process.execArgv, ...nodeArgs, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  // What a supervisor or the terminal sends this process goes to the server (it ignores a second one).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
} else {
  // Started by the above: if that process is killed outright, the server closes instead of living on.
  if (process.send) process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // Vite sets NODE_ENV=production while it builds; the server must see what the user set.
  const nodeEnv = process.env.NODE_ENV;
  await ensureWebBuild();
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  await import(pathToFileURL(await buildServer()).href);
}
