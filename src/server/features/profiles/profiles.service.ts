import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { isoTime } from '../../db/iso-time.js';
import { photos, profiles, skillCategories } from '../../db/schema/index.js';
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
import { blockersQuery, blockState, type BlockState } from '../blocks/blocks.service.js';
import { ViewerStates } from '../posts/viewer-states.js';
import { lookupZip } from '../geo/geo.service.js';
import { latestReviewsQuery, toReviewItem, type ReviewRow } from '../ratings/ratings.service.js';
import { ownsPhoto, photoUrl } from '../uploads/photos.service.js';
import { ProfileViews } from './profile-views.js';
import { responseCounts, responseSignalsQuery, type SignalRow } from './response-signal.js';

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

/** The profile's own fields as every answer shows them (own profile, profile view). */
function profileFields(row: Omit<OwnRow, 'updatedAt'>) {
  return {
    id: row.id,
    displayName: row.displayName,
    about: row.about,
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
  };
}

function toOwnProfile(row: OwnRow): OwnProfile {
  return { ...profileFields(row), photoId: row.photoId, updatedAt: row.updatedAt.toISOString() };
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
 * other's post) has been accepted; a connection survives completion. A condition of a statement.
 */
function connectedCondition(a: string, b: string): SQL {
  return sql`EXISTS (SELECT 1 FROM exchange_requests er WHERE er.status IN ('accepted', 'completed')
    AND ((er.requester_id = ${a} AND er.post_author_id = ${b}) OR (er.requester_id = ${b} AND er.post_author_id = ${a})))`;
}

/**
 * The completed exchanges a member took part in: requests with status completed where they
 * asked, or where the post was theirs (either party can complete an exchange, and both are
 * rated for it, so both count it).
 */
export async function countCompletedExchanges(db: Database, userId: string): Promise<number> {
  return Number((await queryRows<{ count: number }>(db, completedExchangesQuery(userId)))[0]?.count ?? 0);
}

function completedExchangesQuery(userId: string): SQL {
  return sql`SELECT count(*)::int AS count FROM exchange_requests er
    WHERE er.status = 'completed' AND (er.requester_id = ${userId} OR er.post_author_id = ${userId})`;
}

/** Average rating (to one decimal, 0 without ratings) and the number of ratings. */
export async function ratingSummary(db: Database, userId: string): Promise<{ rating: number; ratingCount: number }> {
  const [row] = await queryRows<RatingTotals>(db, ratingTotalsQuery(userId));
  return toRatingSummary(row ?? { average: null, count: 0 });
}

interface RatingTotals {
  average: number | null;
  count: number;
}

function ratingTotalsQuery(userId: string): SQL {
  return sql`SELECT avg(rt.rating)::float8 AS average, count(*)::int AS count FROM ratings rt WHERE rt.rated_user_id = ${userId}`;
}

function toRatingSummary(totals: RatingTotals): { rating: number; ratingCount: number } {
  const average = totals.average === null ? 0 : Number(totals.average);
  return { rating: Math.round(average * 10) / 10, ratingCount: Number(totals.count) };
}

/** One row of the profile view's statement (`getProfileView`): the profile's fields as `OwnRow` names them. */
export interface ProfileViewRow extends Omit<OwnRow, 'updatedAt'> {
  joined_at: string;
  profile_visibility: boolean | null;
  location_sharing: boolean | null;
  rating: RatingTotals;
  exchanges: number;
  reviews: ReviewRow[];
  signal: Omit<SignalRow, 'author_id'> | null;
}

/**
 * The profile view's statement: profile, settings, ratings, exchanges, reviews and response
 * signal, built from the same parts their own reads use (as seven statements it held PGlite's one
 * thread ~7 ms a view under the mixed benchmark, each parsed and planned again, and on PostgreSQL
 * each was a round trip: bench/RESULTS.md). With a viewer, also who blocked whom between them and
 * whether they are connected; without, the same for every viewer (`ProfileViews`).
 */
export function profileViewQuery(id: string, viewerId?: string): SQL {
  const json = (query: SQL) => sql`(SELECT row_to_json(x) FROM (${query}) x)`;
  return sql`SELECT pr.id, pr.display_name AS "displayName", pr.about, pr.photo_id::text AS "photoId", pr.service_type AS "serviceType",
          c.id AS "categoryId", c.name AS "categoryName", pr.skill_keywords AS "skillKeywords", pr.portfolio_url AS "portfolioUrl",
          pr.linkedin_url AS "linkedinUrl", pr.lead_time AS "leadTime", pr.zip_code AS "zipCode",
          pr.service_radius_miles AS "serviceRadiusMiles", pr.location, ${isoTime('u.created_at')} AS joined_at,
          s.profile_visibility, s.location_sharing,
          ${viewerId === undefined ? sql`` : sql`ARRAY(${blockersQuery(viewerId, id)}) AS blockers, ${connectedCondition(viewerId, id)} AS connected,`}
          ${json(ratingTotalsQuery(id))} AS rating,
          (${completedExchangesQuery(id)}) AS exchanges,
          (SELECT coalesce(json_agg(rv), '[]'::json) FROM (${latestReviewsQuery(id)}) rv) AS reviews,
          ${json(responseSignalsQuery(sql`${id}`))} AS signal
        FROM profiles pr
        JOIN users u ON u.id = pr.id
        LEFT JOIN skill_categories c ON c.id = pr.primary_category_id
        LEFT JOIN member_settings s ON s.user_id = pr.id
        WHERE pr.id = ${id}`;
}

/**
 * A profile as /profile/{id} shows it, or null when there is none or the viewer may not see
 * it (Profile Visibility off and not connected, or they blocked the viewer). A member the viewer
 * blocked stays visible to the viewer, marked `blockedByViewer`, so they can lift the block.
 * Location Sharing off hides the ZIP and the location from everyone but the owner.
 *
 * While the instance keeps profile views and viewer states (`ProfileViews`, `ViewerStates`), the
 * profile comes from the views kept for every viewer and the viewer's blocks and connection from
 * their state: no statement. Otherwise one named statement (`profileViewQuery`).
 */
export async function getProfileView(db: Database, viewerId: string, id: string): Promise<ProfileView | null> {
  const views = ProfileViews.of(db);
  const states = ViewerStates.of(db);
  if (views.kept && states.kept) {
    const [row, state] = await Promise.all([
      views.view(id, async () => (await queryRows<ProfileViewRow>(db, profileViewQuery(id), 'profile_view_shared', {}))[0] ?? null),
      states.of(viewerId),
    ]);
    return row ? toProfileView(row, viewerId, state.blockWith(id), state.hidden.isHiddenConnection(id)) : null;
  }
  const [row] = await queryRows<ProfileViewRow & { blockers: string[]; connected: boolean }>(db, profileViewQuery(id, viewerId), 'profile_view', {});
  return row ? toProfileView(row, viewerId, blockState(viewerId, row.blockers), row.connected) : null;
}

/** The profile view of `row` for the viewer, given who blocked whom between them and whether they are connected. */
function toProfileView(row: ProfileViewRow, viewerId: string, blocked: BlockState, connected: boolean): ProfileView | null {
  const isOwner = viewerId === row.id;
  const block = isOwner ? null : blocked;
  if (block === 'by_other') return null;
  if (!isOwner && row.profile_visibility === false && !connected) return null;
  const sharesLocation = isOwner || row.location_sharing !== false;
  const { rating, ratingCount } = toRatingSummary(row.rating);
  return {
    ...profileFields(row),
    zipCode: sharesLocation ? row.zipCode : null,
    location: sharesLocation ? row.location : null,
    rating,
    ratingCount,
    exchanges: Number(row.exchanges),
    reviews: row.reviews.map(toReviewItem),
    joinedAt: row.joined_at,
    isOwner,
    blockedByViewer: block === 'by_viewer',
    responseSignal: responseSignalText(row.signal ? responseCounts(row.signal) : undefined),
  };
}
