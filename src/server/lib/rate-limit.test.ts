import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/factories.js';
import { testDatabases } from '../test/harness.js';
import { consumeRateLimit } from './rate-limit.js';

describe.each(testDatabases())('counting attempts on %s', (kind) => {
  const server = useTestServer(kind);

  it('counts first attempts at one key made at the same moment, each once and without an error', async () => {
    const db = server().app.database.db;
    const keys = Array.from({ length: 40 }, () => `test:${randomUUID()}`);
    // Eight attempts per new key at once: the race in which two of them both insert the key's first row.
    const decisions = await Promise.all(keys.map((key) => Promise.all(Array.from({ length: 8 }, () => consumeRateLimit(db, key, 60, 5)))));
    for (const perKey of decisions) {
      expect(perKey.filter((d) => d.allowed)).toHaveLength(5);
      expect(perKey.every((d) => d.retryAfter >= 1 && d.retryAfter <= 60)).toBe(true);
    }
  });
});
