import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { DataDirLockedError } from '../../db/lock.js';
import { formatOpenReports, listOpenReports } from './open-reports.js';

const USAGE = 'Usage: npm run reports [-- --json]   lists the open reports, newest first';

/** The command's options, or 'usage' for anything it does not know. */
export function parseReportsArgs(args: string[], env: NodeJS.ProcessEnv): { json: boolean } | 'usage' {
  if (args.some((a) => a !== '--json')) return 'usage';
  // `npm run reports --json` (without `--`) reaches the script as npm's own json setting.
  return { json: args.includes('--json') || env.npm_config_json === 'true' };
}

/**
 * `npm run reports` (scripts/reports.mjs): opens the database the server is configured with
 * (DATABASE_URL, else the embedded one in DATA_DIR) and prints the open reports, as text or,
 * with `--json`, as a JSON array. Returns the exit code; `env` is the process environment.
 */
export async function runReportsCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const options = parseReportsArgs(args, env);
  if (options === 'usage') {
    err(USAGE);
    return args.includes('--help') || args.includes('-h') ? 0 : 2;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // Only where the database is matters here: the session secret is never used, so none is
    // required (or generated into DATA_DIR) for listing.
    const config = loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || 'reports-command-uses-no-sessions-0000' });
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      err(`${error.message} (The embedded database can be read only while the server is stopped.)`);
      return 1;
    }
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const reports = await listOpenReports(database.db);
    out(options.json ? JSON.stringify(reports, null, 2) : formatOpenReports(reports).join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}
