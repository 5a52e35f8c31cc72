import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/harness.js';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { arrayLiteral, textArray } from './sql-arrays.js';

const AWKWARD = ['plain', 'two words', 'a,b', '{braces}', 'say "hi"', 'back\\slash', 'NULL', '', "it's", 'ünïcödé 🌱', ' padded '];

describe.each(testDatabases())('textArray on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('binds any texts as one text[] value, each as it is', async () => {
    const [row] = await queryRows<{ values: string[]; n: number }>(handle.db, sql`SELECT ${textArray(AWKWARD)} AS values, cardinality(${textArray(AWKWARD)}) AS n`);
    expect(row?.values).toEqual(AWKWARD);
    expect(row?.n).toBe(AWKWARD.length);
    const [none] = await queryRows<{ values: string[] }>(handle.db, sql`SELECT ${textArray([])} AS values`);
    expect(none?.values).toEqual([]);
  });

  it('makes an array of another type from its literal (tsquery[])', async () => {
    const [row] = await queryRows<{ hits: string[] }>(
      handle.db,
      sql`SELECT ARRAY(SELECT q.term FROM unnest(${textArray(['bike', 'yoga'])}, ${arrayLiteral(["'bike':ABC", "'yoga':ABC"])}::tsquery[]) AS q(term, query)
        WHERE setweight(to_tsvector('english', 'Bike repair'), 'A') @@ q.query) AS hits`,
    );
    expect(row?.hits).toEqual(['bike']);
  });
});
