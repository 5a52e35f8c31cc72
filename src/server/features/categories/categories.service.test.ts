import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.js';
import { CATEGORY_COPY_TTL_MS, categoryNames, listActiveCategories } from './categories.service.js';

describe("the taxonomy's copy", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
  });

  async function category(name: string, active = true): Promise<number> {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const [row] = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO skill_categories (name, slug, level, is_active) VALUES (${name}, ${slug}, 1, ${active}) RETURNING id`,
    );
    return Number(row?.id);
  }

  it('names inactive categories too, and reads the table again for an id added since', async () => {
    const now = Date.now();
    const retired = await category('Retired Craft', false);
    expect((await categoryNames(handle.db, [retired, null], now)).get(retired)).toBe('Retired Craft');
    // Added after the copy was read: the unknown id has the table read again.
    const added = await category('Added Later');
    expect((await categoryNames(handle.db, [added], now + 1)).get(added)).toBe('Added Later');
  });

  it('reads the table again once its copy is older than a minute', async () => {
    const now = Date.now();
    const id = await category('Old Name');
    expect((await categoryNames(handle.db, [id], now)).get(id)).toBe('Old Name');
    await queryRows(handle.db, sql`UPDATE skill_categories SET name = 'New Name' WHERE id = ${id}`);
    expect((await categoryNames(handle.db, [id], now + 1)).get(id)).toBe('Old Name');
    expect((await categoryNames(handle.db, [id], now + CATEGORY_COPY_TTL_MS + 1)).get(id)).toBe('New Name');
  });

  it('lists the active categories of one copy, and a new one at once only when a name was missing', async () => {
    const now = Date.now() + 10 * CATEGORY_COPY_TTL_MS;
    const before = await listActiveCategories(handle.db, undefined, now);
    const retired = await category('Retired Again', false);
    const active = await category('Brand New');
    // The copy is a minute old at most: the list does not see either yet.
    expect((await listActiveCategories(handle.db, undefined, now + 1)).map((c) => c.id)).toEqual(before.map((c) => c.id));
    // A post naming the new category has the table read again; the list then has it, never the retired one.
    expect((await categoryNames(handle.db, [active], now + 2)).get(active)).toBe('Brand New');
    const after = (await listActiveCategories(handle.db, 1, now + 3)).map((c) => c.id);
    expect(after).toContain(active);
    expect(after).not.toContain(retired);
  });
});
