import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { limitHeapGrowth } from './heap.js';

/** Start-up failures we can explain in one line instead of a stack trace. */
function explain(err: unknown): string | undefined {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) return err.message;
  if (err instanceof Error && 'code' in err && err.code === 'EADDRINUSE') {
    return `Port is already in use: ${err.message}. Set PORT to a free port.`;
  }
  return undefined;
}

async function main(): Promise<void> {
  limitHeapGrowth();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(explain(err) ?? String(err));
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const line = explain(err);
    if (line) console.error(line);
    else console.error(err);
    process.exit(1);
  }

  app.log.info(`${config.appName} is running at ${config.appUrl} (database: ${app.database.kind})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: closing connections and the database`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
