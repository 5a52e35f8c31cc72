// `npm run reports`: the open reports of members, newest first, for the operator (issue 12).
// `npm run reports -- --json` prints them as JSON. Reads the database the server uses:
// DATABASE_URL, else the embedded one in DATA_DIR (stop the server first: it holds that one).
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

if (existsSync('.env')) process.loadEnvFile('.env');
register();
const { runReportsCommand } = await import('../src/server/features/reports/reports-command.ts');
const code = await runReportsCommand(
  process.argv.slice(2),
  process.env,
  (text) => console.log(text),
  (text) => console.error(text),
);
process.exit(code);
