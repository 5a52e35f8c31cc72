import pg from 'pg';

/** Vitest global setup: drops the per-worker databases (see worker-database.ts) after the run. */
export default function setup(): () => Promise<void> {
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const prefix = `${new URL(base).pathname.slice(1)}_w`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
      for (const { datname } of rows) {
        if (/^[A-Za-z0-9_]+$/.test(datname)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    } finally {
      await admin.end();
    }
  };
}
