// `npm run digest`: queues this week's Weekly Digest now for every opted-in member who has not
// had it yet, and prints how many were queued (issue 13). Reads the database the server uses:
// DATABASE_URL, else the embedded one in DATA_DIR (stop the server first: it holds that one).
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

if (existsSync('.env')) process.loadEnvFile('.env');
register();
const { runDigestCommand } = await import('../src/server/features/digest/digest-command.ts');
const code = await runDigestCommand(
  process.argv.slice(2),
  process.env,
  (text) => console.log(text),
  (text) => console.error(text),
);
process.exit(code);
