import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { DataDirLockedError } from '../../db/lock.js';
import { runDigestOnce } from './digest-schedule.js';

const USAGE = 'Usage: npm run digest   queues this week\'s Weekly Digest for every opted-in member now';

/**
 * `npm run digest` (scripts/digest.mjs): opens the database the server is configured with
 * (DATABASE_URL, else the embedded one in DATA_DIR, which needs the server stopped) and queues
 * this week's digest now for every opted-in member who has none yet, then prints how many.
 * The mails go out through the server's mail worker (at once on PostgreSQL while a server
 * runs; with PGlite when the server starts again). Returns the exit code.
 */
export async function runDigestCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  if (args.length > 0) {
    err(USAGE);
    return args.includes('--help') || args.includes('-h') ? 0 : 2;
  }
  let config: ReturnType<typeof loadConfig>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    config = loadConfig(env);
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      err(`${error.message} (The embedded database can be used only while the server is stopped.)`);
      return 1;
    }
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const result = await runDigestOnce(database.db, database.kind, config);
    if (!result) {
      err('Another instance is sending the Weekly Digest right now; nothing was queued. Run again when it has finished.');
      return 1;
    }
    out(
      `Weekly Digest ${result.week}: ${result.queued} queued ` +
        `(${result.members} opted-in members without this week's digest, ${result.empty} with nothing to report) in ${result.seconds.toFixed(1)} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
