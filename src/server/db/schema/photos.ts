import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { bytea, createdAtColumn } from './columns.js';

/**
 * Profile photos, stored in the database so server instances stay stateless.
 * `bytes` is the server's re-encoded 400x400 JPEG, never the raw upload;
 * `size_bytes` duplicates its length so listings need not read the blob; the
 * 5 MB check is a backstop, the upload route rejects larger files first.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('photos_owner_id_idx').on(t.ownerId),
    check('photos_size_bytes_check', sql`size_bytes > 0 AND size_bytes <= 5242880`),
    check('photos_dimensions_check', sql`width > 0 AND height > 0`),
    check('photos_mime_check', sql`mime ~ '^image/[a-z0-9.+-]+$'`),
  ],
);

export type Photo = typeof photos.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;
