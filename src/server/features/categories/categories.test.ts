import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/schemas/profile.js';
import { TestClient } from '../../test/client.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';

describe.each(testDatabases())('categories API on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: 'true' });
    client = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists active categories by level, then name', async () => {
    const res = await client.get('/api/categories');
    expect(res.status).toBe(200);
    const list = await client.json<Category[]>(res);
    const sorted = [...list].sort((a, b) => a.level - b.level || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    expect(list.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    expect(new Set(list.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    expect(list.map((c) => c.name)).not.toContain('Other Services');
  });

  it('lists only the primary categories with ?level=1', async () => {
    const list = await client.json<Category[]>(await client.get('/api/categories?level=1'));
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.every((c) => c.level === 1 && c.parentId === null)).toBe(true);
    expect(list.map((c) => c.name)).toContain('Home & Garden');
  });

  it('refuses a bad level with 400', async () => {
    expect((await client.get('/api/categories?level=9')).status).toBe(400);
    expect((await client.get('/api/categories?level=x')).status).toBe(400);
  });
});
