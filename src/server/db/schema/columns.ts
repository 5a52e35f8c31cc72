import { sql } from 'drizzle-orm';
import { check, customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * `bytea` as a Node Buffer. node-postgres returns a Buffer, PGlite a Uint8Array;
 * both are normalised to Buffer so services see one type on both drivers.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * `tsvector`, only ever written by the database (generated columns), read as its
 * text form. Queries use it through `@@` in SQL, never as a JS value.
 */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** `created_at timestamptz not null default now()`, the same on every table. */
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz`, set by the database on insert and by drizzle on every update. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Latitude and longitude (a ZIP centroid) are set together and lie within range. */
export const coordinatesCheck = (table: string) =>
  check(
    `${table}_coordinates_check`,
    sql`(latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180`,
  );
