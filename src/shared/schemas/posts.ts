import { addDays, addYears, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { POST_FORMATS } from '../domain/post-tags.js';
import { atLeastCharacters, integerId, MAX_INTEGER_ID, MemberId, text } from './text.js';

/**
 * Limits of an exchange post (spec sections 5 and 9). Optional text limits are ours and match
 * the database checks in `posts.ts`, so bad input is a 400 with a field message, never a failed
 * insert.
 */
export const POST_LIMITS = {
  titleMin: 10,
  titleMax: 80,
  textMin: 20,
  textMax: 300,
  keywordsMax: 5,
  keywordMax: 20,
  preferredDaysMax: 200,
  preferredTimesMax: 200,
  additionalContextMax: 500,
  /** Latest date a post may name, in years from today. */
  dateYearsAhead: 5,
  listLimitMax: 50,
  listOffsetMax: 10_000,
  queryTextMax: 100,
} as const;

/** The spec's messages (section 5), plus ours where the spec names none. */
export const POST_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleMin: 'Your title must be at least 10 characters.',
  titleMax: 'Your title must be 80 characters or less.',
  offeringRequired: "Please fill in what you're offering",
  offeringMin: 'Your offering must be at least 20 characters.',
  offeringMax: 'Please shorten your offering to 300 characters or less.',
  lookingForRequired: "Please fill in what you're looking for",
  lookingForMin: 'Your request must be at least 20 characters.',
  lookingForMax: 'Please shorten your request to 300 characters or less.',
  editRequired: "Please fill in what you're offering and what you're looking for",
  keywordsMax: 'You can add up to 5 keywords.',
  keywordMax: 'Each keyword must be 20 characters or less.',
  keywordEmpty: 'Keywords cannot be empty.',
  keywordDuplicate: 'Each keyword can only be added once.',
  dateInvalid: 'Please choose a valid date.',
  dateBeforeToday: 'Dates cannot be before today.',
  dateTooFar: 'Please choose a date within the next 5 years.',
  endBeforeStart: 'Available Until cannot be before Available From.',
  preferredDaysMax: 'Please shorten your preferred days to 200 characters or less.',
  preferredTimesMax: 'Please shorten your preferred times to 200 characters or less.',
  additionalContextMax: 'Please shorten your additional context to 500 characters or less.',
  categoryInvalid: 'Please choose a valid category.',
  formatInvalid: 'Please choose In-person, Remote or Hybrid.',
  limit: 'Limit must be between 1 and 50.',
  offset: 'Offset must be between 0 and 10000.',
  queryMax: 'Please shorten your search to 100 characters or less.',
  postId: 'Post not found.',
} as const;

export const POST_STATUSES = ['active', 'hidden', 'completed'] as const;

/** Request statuses that keep a card 'Connected' (decisions.md: not declined, not withdrawn). */
export const LIVE_EXCHANGE_STATUSES = ['pending', 'accepted', 'completed'] as const;
export type ExchangeStatus = (typeof LIVE_EXCHANGE_STATUSES)[number];
export type PostStatus = (typeof POST_STATUSES)[number];

/** yyyy-mm-dd for a Date in the local time zone. */
export const isoDate = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The earliest date a post may name. The browser checks against its own today; the server,
 * whose clock may already be on tomorrow (UTC) while the member's is not, allows one day less.
 */
export function earliestPostDate(now: Date = new Date(), slackDays = 1): string {
  return isoDate(addDays(now, -slackDays));
}

const realDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));

const dateField = text({ error: POST_MESSAGES.dateInvalid })
  .trim()
  .refine(realDate, POST_MESSAGES.dateInvalid)
  .refine((v) => !realDate(v) || v >= earliestPostDate(), POST_MESSAGES.dateBeforeToday)
  .refine((v) => !realDate(v) || v <= isoDate(addYears(new Date(), POST_LIMITS.dateYearsAhead)), POST_MESSAGES.dateTooFar);

/** Optional text: trimmed; blank becomes null so the column is cleared, not set to ''. */
const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** Title: required, 10 to 80 characters (create and edit share the rule and its messages). */
const titleField = text({ error: POST_MESSAGES.titleRequired })
  .trim()
  .min(1, POST_MESSAGES.titleRequired)
  .min(POST_LIMITS.titleMin, POST_MESSAGES.titleMin)
  .refine(atLeastCharacters(POST_LIMITS.titleMin), POST_MESSAGES.titleMin)
  .max(POST_LIMITS.titleMax, POST_MESSAGES.titleMax);

const offeringField = text({ error: POST_MESSAGES.offeringRequired })
  .trim()
  .min(1, POST_MESSAGES.offeringRequired)
  .min(POST_LIMITS.textMin, POST_MESSAGES.offeringMin)
  .refine(atLeastCharacters(POST_LIMITS.textMin), POST_MESSAGES.offeringMin)
  .max(POST_LIMITS.textMax, POST_MESSAGES.offeringMax);

const lookingForField = text({ error: POST_MESSAGES.lookingForRequired })
  .trim()
  .min(1, POST_MESSAGES.lookingForRequired)
  .min(POST_LIMITS.textMin, POST_MESSAGES.lookingForMin)
  .refine(atLeastCharacters(POST_LIMITS.textMin), POST_MESSAGES.lookingForMin)
  .max(POST_LIMITS.textMax, POST_MESSAGES.lookingForMax);

/** Keywords: at most 5, each trimmed, 1 to 20 characters, no duplicates (case-insensitive). */
export const KeywordsField = z
  .array(
    text({ error: POST_MESSAGES.keywordEmpty })
      .trim()
      .min(1, POST_MESSAGES.keywordEmpty)
      .max(POST_LIMITS.keywordMax, POST_MESSAGES.keywordMax),
    { error: POST_MESSAGES.keywordsMax },
  )
  .max(POST_LIMITS.keywordsMax, POST_MESSAGES.keywordsMax)
  .refine((list) => new Set(list.map((k) => k.toLowerCase())).size === list.length, POST_MESSAGES.keywordDuplicate);

const formatField = z.enum(POST_FORMATS, { error: POST_MESSAGES.formatInvalid }).nullish().transform((v) => v ?? null);
const categoryField = integerId(POST_MESSAGES.categoryInvalid)
  .nullish()
  .transform((v) => v ?? null);

const availabilityFields = {
  availableFrom: dateField.nullish().transform((v) => v ?? null),
  availableUntil: dateField.nullish().transform((v) => v ?? null),
  preferredDays: optionalText(POST_LIMITS.preferredDaysMax, POST_MESSAGES.preferredDaysMax),
  preferredTimes: optionalText(POST_LIMITS.preferredTimesMax, POST_MESSAGES.preferredTimesMax),
  additionalContext: optionalText(POST_LIMITS.additionalContextMax, POST_MESSAGES.additionalContextMax),
};

function endNotBeforeStart(v: { availableFrom?: string | null; availableUntil?: string | null }, ctx: z.RefinementCtx) {
  if (v.availableFrom && v.availableUntil && v.availableUntil < v.availableFrom) {
    ctx.addIssue({ code: 'custom', message: POST_MESSAGES.endBeforeStart, path: ['availableUntil'] });
  }
}

/** The Create Exchange Post dialog's fields (camelCase), as the form and the API take them. */
export const CreatePostInput = z
  .object({
    title: titleField,
    offering: offeringField,
    lookingFor: lookingForField,
    categoryId: categoryField,
    keywords: KeywordsField.default([]),
    format: formatField,
    ...availabilityFields,
  })
  .superRefine(endNotBeforeStart);
export type CreatePostInput = z.input<typeof CreatePostInput>;
export type CreatePostData = z.output<typeof CreatePostInput>;

/**
 * The Edit Exchange Post dialog. Offering and looking-for are required; the title follows the
 * create rules and is kept when left out (decisions.md: edit keeps the member's title, no
 * 'Offering: {offering}' rewrite); any other field left out keeps its value, null clears it.
 */
export const UpdatePostInput = z
  .object({
    title: titleField.optional(),
    offering: offeringField,
    lookingFor: lookingForField,
    categoryId: categoryField.optional(),
    keywords: KeywordsField.optional(),
    format: formatField.optional(),
    availableFrom: availabilityFields.availableFrom.optional(),
    availableUntil: availabilityFields.availableUntil.optional(),
    preferredDays: availabilityFields.preferredDays.optional(),
    preferredTimes: availabilityFields.preferredTimes.optional(),
    additionalContext: availabilityFields.additionalContext.optional(),
  })
  .superRefine(endNotBeforeStart);
export type UpdatePostInput = z.input<typeof UpdatePostInput>;
export type UpdatePostData = z.output<typeof UpdatePostInput>;

export const PostStatusInput = z.object({
  status: z.enum(POST_STATUSES, { error: 'Status must be active, hidden or completed.' }),
});
export type PostStatusInput = z.infer<typeof PostStatusInput>;

export const PostIdParams = z.object({ id: z.uuid({ error: POST_MESSAGES.postId }) });

/** limit 1..50 (default 50) and offset 0..10000, as query-string numbers. */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: POST_MESSAGES.limit })
    .int(POST_MESSAGES.limit)
    .min(1, POST_MESSAGES.limit)
    .max(POST_LIMITS.listLimitMax, POST_MESSAGES.limit)
    .default(POST_LIMITS.listLimitMax),
  offset: z.coerce
    .number({ error: POST_MESSAGES.offset })
    .int(POST_MESSAGES.offset)
    .min(0, POST_MESSAGES.offset)
    .max(POST_LIMITS.listOffsetMax, POST_MESSAGES.offset)
    .default(0),
});

/** Free text typed into the top-bar or search box; blank means no filter. */
export const QueryText = text()
  .trim()
  .max(POST_LIMITS.queryTextMax, POST_MESSAGES.queryMax)
  .optional()
  .transform((v) => (v ? v : undefined));

export const FEED_MODES = ['recent', 'compatibility'] as const;

/** GET /api/feed */
export const FeedQuery = PageQuery.extend({
  mode: z.enum(FEED_MODES).default('recent'),
  /** Compatibility mode only: match against one of the viewer's own posts. */
  postId: z.uuid({ error: POST_MESSAGES.postId }).optional(),
  q: QueryText,
});
export type FeedQuery = z.input<typeof FeedQuery>;

/** The post's author as a card shows them (spec fallbacks applied by the server). */
export const PostAuthor = z.object({
  id: z.string(),
  /** display_name, or 'User'. */
  name: z.string(),
  /** /api/photos/{id}, or null for the placeholder image. */
  avatarUrl: z.string().nullable(),
  /** The author's primary category, else the post's category, else 'General'. */
  skill: z.string(),
});
export type PostAuthor = z.infer<typeof PostAuthor>;

/** A post as every list returns it. */
export const PostItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  offering: z.string(),
  lookingFor: z.string(),
  additionalContext: z.string().nullable(),
  /** Keywords only (custom tags without the format tag). */
  keywords: z.array(z.string()),
  format: z.enum(POST_FORMATS).nullable(),
  /** Keywords plus the format tag, as stored. */
  customTags: z.array(z.string()),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  availableFrom: z.string().nullable(),
  availableUntil: z.string().nullable(),
  preferredDays: z.string().nullable(),
  preferredTimes: z.string().nullable(),
  availabilityDescription: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: PostAuthor,
  /** True on the viewer's own posts. */
  isOwn: z.boolean(),
  /**
   * The viewer's most recent pending, accepted or completed request on this post ('Connected'
   * with 'Request pending', 'Accepted' or 'Completed'); null when none, so a request may be sent.
   */
  exchangeStatus: z.enum(LIVE_EXCHANGE_STATUSES).nullable(),
  /** Own posts: how many requests on it wait for the viewer's answer; null on others' posts. */
  pendingRequestCount: z.number().nullable(),
  /** How the author answers requests ('Responds to 9 of 10 requests · usually within a day'); null when hidden. */
  authorResponse: z.string().nullable(),
});
export type PostItem = z.infer<typeof PostItem>;

export const PostListResponse = z.object({
  items: z.array(PostItem),
  /** Offset of the next page, or null on the last page. */
  nextOffset: z.number().nullable(),
});
export type PostListResponse = z.infer<typeof PostListResponse>;

/** Service Type filter on /search; it refers to the author's profile service type. */
export const SEARCH_SERVICE_TYPES = ['all', 'digital', 'physical', 'both'] as const;

/** GET /api/search */
export const SearchQuery = PageQuery.extend({
  q: QueryText,
  serviceType: z.enum(SEARCH_SERVICE_TYPES, { error: 'Service type must be all, digital, physical or both.' }).default('all'),
  /** A primary category: posts in it or in any of its sub-categories. */
  categoryId: z.coerce
    .number({ error: POST_MESSAGES.categoryInvalid })
    .int(POST_MESSAGES.categoryInvalid)
    .positive(POST_MESSAGES.categoryInvalid)
    .max(MAX_INTEGER_ID, POST_MESSAGES.categoryInvalid)
    .optional(),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** Most members the 'People' group of /search shows. */
export const SEARCH_PEOPLE_MAX = 5;

export const SearchResponse = PostListResponse.extend({
  /** Every match, for 'N results found'. */
  total: z.number(),
  /**
   * Members whose display name matches the text (the 'People' group), shown as cards show an
   * author: at most SEARCH_PEOPLE_MAX, on the first page only; empty without text.
   */
  people: z.array(PostAuthor),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const MemberIdParams = z.object({ id: MemberId });

/** The search Profile Details dialog. */
export const MemberSummary = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  skill: z.string(),
  /** users.created_at, ISO. */
  joinedAt: z.string(),
  /** Average of received ratings, one decimal; null when none. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  /** Completed exchanges the member took part in. */
  completedExchanges: z.number(),
  /** Median hours from a request on their posts to their answer; null -> 'No responses yet'. */
  medianResponseHours: z.number().nullable(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;
