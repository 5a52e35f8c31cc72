import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  exchangeRequests,
  memberSettings,
  photos,
  profiles,
  ratings,
  skillCategories,
  users,
} from '../../db/schema/index.js';
import { isProfileComplete } from '../../../shared/domain/profile-completeness.js';
import { responseSignalText } from '../../../shared/domain/response-signal.js';
import {
  DEFAULT_SERVICE_RADIUS_MILES,
  PROFILE_MESSAGES,
  type OwnProfile,
  type ProfileInput,
  type ProfileView,
} from '../../../shared/schemas/profile.js';
import { validationFailed } from '../../errors.js';
import { blockStateBetween } from '../blocks/blocks.service.js';
import { lookupZip } from '../geo/geo.service.js';
import { latestReviews } from '../ratings/ratings.service.js';
import { ownsPhoto, photoUrl } from '../uploads/photos.service.js';
import { responseSignals } from './response-signal.js';

/** How long an uploaded photo that no profile uses is kept (the member may still be editing). */
const UNSAVED_PHOTO_GRACE_MS = 60 * 60 * 1000;

/** Said when a profile refers to a photo that is not the member's own upload. */
export const PHOTO_NOT_OWNED_MESSAGE = 'Please upload your photo again';

const ownColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  about: profiles.about,
  photoId: profiles.photoId,
  serviceType: profiles.serviceType,
  categoryId: skillCategories.id,
  categoryName: skillCategories.name,
  skillKeywords: profiles.skillKeywords,
  portfolioUrl: profiles.portfolioUrl,
  linkedinUrl: profiles.linkedinUrl,
  leadTime: profiles.leadTime,
  zipCode: profiles.zipCode,
  serviceRadiusMiles: profiles.serviceRadiusMiles,
  location: profiles.location,
  updatedAt: profiles.updatedAt,
};

interface OwnRow {
  id: string;
  displayName: string | null;
  about: string | null;
  photoId: string | null;
  serviceType: OwnProfile['serviceType'];
  categoryId: number | null;
  categoryName: string | null;
  skillKeywords: string[];
  portfolioUrl: string | null;
  linkedinUrl: string | null;
  leadTime: OwnProfile['leadTime'];
  zipCode: string | null;
  serviceRadiusMiles: number;
  location: string | null;
  updatedAt: Date;
}

function toOwnProfile(row: OwnRow): OwnProfile {
  return {
    id: row.id,
    displayName: row.displayName,
    about: row.about,
    photoId: row.photoId,
    photoUrl: row.photoId ? photoUrl(row.photoId) : null,
    serviceType: row.serviceType,
    primaryCategory: row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
    skillKeywords: row.skillKeywords,
    portfolioUrl: row.portfolioUrl,
    linkedinUrl: row.linkedinUrl,
    leadTime: row.leadTime,
    zipCode: row.zipCode,
    serviceRadiusMiles: row.serviceRadiusMiles,
    location: row.location,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's own full profile, or null before Complete Profile was saved. */
export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | null> {
  const [row] = await db
    .select(ownColumns)
    .from(profiles)
    .leftJoin(skillCategories, eq(skillCategories.id, profiles.primaryCategoryId))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ? toOwnProfile(row) : null;
}

/**
 * Writes the member's own profile (complete-profile and edit both land here). The category
 * must be an active primary one (or the one already stored), the photo must be the member's
 * own upload, and a ZIP is resolved offline to 'City, State' and its centroid; without a ZIP
 * the typed location is kept and the coordinates are cleared. A replaced photo is deleted, and
 * so are the member's unused uploads older than an hour.
 */
export async function saveOwnProfile(db: Database, userId: string, input: ProfileInput): Promise<OwnProfile> {
  const [current] = await db
    .select({ primaryCategoryId: profiles.primaryCategoryId, photoId: profiles.photoId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);

  const fields: Record<string, string> = {};
  const [category] = await db
    .select({ id: skillCategories.id, level: skillCategories.level, isActive: skillCategories.isActive })
    .from(skillCategories)
    .where(eq(skillCategories.id, input.primaryCategoryId))
    .limit(1);
  const offered = category?.isActive === true && category.level === 1;
  if (!category || (!offered && current?.primaryCategoryId !== category.id)) {
    fields.primaryCategoryId = PROFILE_MESSAGES.primaryCategory;
  }
  if (input.photoId && input.photoId !== current?.photoId && !(await ownsPhoto(db, userId, input.photoId))) {
    fields.photoId = PHOTO_NOT_OWNED_MESSAGE;
  }
  const place = input.zipCode ? lookupZip(input.zipCode) : null;
  if (input.zipCode && !place) fields.zipCode = PROFILE_MESSAGES.zipNotFound;
  const firstField = Object.values(fields)[0];
  if (firstField) throw validationFailed(fields, firstField);

  const values = {
    displayName: input.displayName,
    about: input.about,
    photoId: input.photoId,
    serviceType: input.serviceType,
    primaryCategoryId: input.primaryCategoryId,
    skillKeywords: input.skillKeywords,
    portfolioUrl: input.portfolioUrl,
    linkedinUrl: input.linkedinUrl,
    leadTime: input.leadTime,
    zipCode: input.zipCode,
    serviceRadiusMiles: input.serviceRadiusMiles ?? DEFAULT_SERVICE_RADIUS_MILES,
    location: place ? place.location : input.location,
    latitude: place ? place.latitude : null,
    longitude: place ? place.longitude : null,
  };

  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, ...values })
      .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: new Date() } });
    // The replaced photo goes now; uploads the member cropped but never saved go once they
    // are an hour old (younger ones may belong to an edit still open in another tab).
    const replaced = current?.photoId;
    if (replaced && replaced !== input.photoId) {
      await tx.delete(photos).where(and(eq(photos.id, replaced), eq(photos.ownerId, userId)));
    }
    await tx
      .delete(photos)
      .where(
        and(
          eq(photos.ownerId, userId),
          input.photoId ? ne(photos.id, input.photoId) : undefined,
          lt(photos.createdAt, new Date(Date.now() - UNSAVED_PHOTO_GRACE_MS)),
        ),
      );
  });

  const saved = await getOwnProfile(db, userId);
  if (!saved) throw new Error('profile missing right after it was saved');
  return saved;
}

/**
 * Spec section 4 completeness (name, about, service type, category and a keyword), with the
 * top bar's display name and photo; a member without a profile is incomplete.
 */
export async function getCompletenessSummary(
  db: Database,
  userId: string,
): Promise<{ complete: boolean; displayName: string | null; photoUrl: string | null }> {
  const [row] = await db
    .select({
      photoId: profiles.photoId,
      displayName: profiles.displayName,
      about: profiles.about,
      serviceType: profiles.serviceType,
      primaryCategoryId: profiles.primaryCategoryId,
      skillKeywords: profiles.skillKeywords,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return {
    complete: isProfileComplete(row),
    displayName: row?.displayName?.trim() || null,
    photoUrl: row?.photoId ? photoUrl(row.photoId) : null,
  };
}

/**
 * Two members are connected once an exchange request between them (either one asking on the
 * other's post) has been accepted; a connection survives completion.
 */
export async function areConnected(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exchangeRequests.id })
    .from(exchangeRequests)
    .where(
      and(
        inArray(exchangeRequests.status, ['accepted', 'completed']),
        or(
          and(eq(exchangeRequests.requesterId, a), eq(exchangeRequests.postAuthorId, b)),
          and(eq(exchangeRequests.requesterId, b), eq(exchangeRequests.postAuthorId, a)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The completed exchanges a member took part in: requests with status completed where they
 * asked, or where the post was theirs (either party can complete an exchange, and both are
 * rated for it, so both count it).
 */
export async function countCompletedExchanges(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(exchangeRequests)
    .where(
      and(
        eq(exchangeRequests.status, 'completed'),
        or(eq(exchangeRequests.requesterId, userId), eq(exchangeRequests.postAuthorId, userId)),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Average rating (to one decimal, 0 without ratings) and the number of ratings. */
export async function ratingSummary(db: Database, userId: string): Promise<{ rating: number; ratingCount: number }> {
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${ratings.rating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(eq(ratings.ratedUserId, userId));
  const average = row?.average === null || row?.average === undefined ? 0 : Number(row.average);
  return { rating: Math.round(average * 10) / 10, ratingCount: Number(row?.count ?? 0) };
}

/**
 * A profile as /profile/{id} shows it, or null when there is none or the viewer may not see
 * it (Profile Visibility off and not connected, or they blocked the viewer). A member the viewer
 * blocked stays visible to the viewer, marked `blockedByViewer`, so they can lift the block.
 * Location Sharing off hides the ZIP and the location from everyone but the owner.
 */
export async function getProfileView(db: Database, viewerId: string, id: string): Promise<ProfileView | null> {
  // The reads that do not depend on each other go out together: on PGlite each statement waits
  // its turn behind every other request's, and under the mixed benchmark's load seven of them one
  // after another made profiles the slowest answer (p99 2.7 s, bench/RESULTS.md).
  const isOwner = viewerId === id;
  const [[row], block] = await Promise.all([
    db
      .select({
        ...ownColumns,
        joinedAt: users.createdAt,
        profileVisibility: memberSettings.profileVisibility,
        locationSharing: memberSettings.locationSharing,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .leftJoin(skillCategories, eq(skillCategories.id, profiles.primaryCategoryId))
      .leftJoin(memberSettings, eq(memberSettings.userId, profiles.id))
      .where(eq(profiles.id, id))
      .limit(1),
    isOwner ? null : blockStateBetween(db, viewerId, id),
  ]);
  if (!row) return null;
  if (block === 'by_other') return null;
  if (!isOwner && row.profileVisibility === false && !(await areConnected(db, viewerId, id))) return null;
  const sharesLocation = isOwner || row.locationSharing !== false;

  const own = toOwnProfile(row);
  const [{ rating, ratingCount }, exchanges, reviews, signals] = await Promise.all([
    ratingSummary(db, id),
    countCompletedExchanges(db, id),
    latestReviews(db, id),
    responseSignals(db, [id]),
  ]);
  return {
    id: own.id,
    displayName: own.displayName,
    about: own.about,
    photoUrl: own.photoUrl,
    serviceType: own.serviceType,
    primaryCategory: own.primaryCategory,
    skillKeywords: own.skillKeywords,
    portfolioUrl: own.portfolioUrl,
    linkedinUrl: own.linkedinUrl,
    leadTime: own.leadTime,
    zipCode: sharesLocation ? own.zipCode : null,
    serviceRadiusMiles: own.serviceRadiusMiles,
    location: sharesLocation ? own.location : null,
    rating,
    ratingCount,
    exchanges,
    reviews,
    joinedAt: row.joinedAt.toISOString(),
    isOwner,
    blockedByViewer: block === 'by_viewer',
    responseSignal: responseSignalText(signals.get(id)),
  };
}
