import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.js';
import { CATEGORY_NAMES_TTL_MS, categoryNames } from './category-names.js';

describe('categoryNames', () => {
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
    expect((await categoryNames(handle.db, [id], now + CATEGORY_NAMES_TTL_MS + 1)).get(id)).toBe('New Name');
  });
});
