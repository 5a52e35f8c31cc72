import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { photos } from '../../db/schema/index.js';
import type { PhotoUpload } from '../../../shared/schemas/profile.js';
import type { EncodedPhoto } from './photo-image.js';

/** The public address of a stored photo. */
export function photoUrl(id: string): string {
  return `/api/photos/${id}`;
}

/** Stores an already re-encoded photo for its owner. */
export async function storePhoto(db: Database, ownerId: string, photo: EncodedPhoto): Promise<PhotoUpload> {
  const [row] = await db
    .insert(photos)
    .values({
      ownerId,
      mime: 'image/jpeg',
      bytes: photo.bytes,
      width: photo.width,
      height: photo.height,
      sizeBytes: photo.bytes.length,
    })
    .returning({ id: photos.id });
  if (!row) throw new Error('photo insert returned no row');
  return { id: row.id, url: photoUrl(row.id) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored photo's bytes and type, or null (also for an id that is not a UUID). */
export async function readPhoto(db: Database, id: string): Promise<{ mime: string; bytes: Buffer } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select({ mime: photos.mime, bytes: photos.bytes }).from(photos).where(eq(photos.id, id)).limit(1);
  return row ?? null;
}

/** True when the photo exists and belongs to the member. */
export async function ownsPhoto(db: Database, ownerId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, id), eq(photos.ownerId, ownerId)))
    .limit(1);
  return row !== undefined;
}
