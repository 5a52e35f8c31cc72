import { z } from 'zod';
import { countWords } from '../domain/word-count.js';
import { ReviewItem } from './ratings.js';
import { atLeastCharacters, hasUnsafeCharacters, integerId, MemberId, text, TEXT_MESSAGES } from './text.js';

/**
 * Limits of a member profile. The word and keyword rules are the spec's (section 5,
 * decisions.md: About Me in words); the character limits match the database's checks
 * in `profiles.ts`, so bad input is a 400 with a field message, never a failed insert.
 */
export const PROFILE_LIMITS = {
  displayNameMin: 2,
  displayNameMax: 80,
  aboutWordsMin: 40,
  aboutWordsMax: 200,
  aboutCharsMax: 2000,
  keywordsMax: 5,
  keywordMax: 40,
  urlMax: 500,
  zipMax: 10,
  locationMax: 120,
  /** Upload limit for a photo file, in bytes (5 MB). */
  photoMaxBytes: 5 * 1024 * 1024,
  /** Side of the square JPEG the server stores and the crop dialog produces. */
  photoSide: 400,
} as const;

export const SERVICE_TYPES = ['digital', 'physical', 'both'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const LEAD_TIMES = ['same-day', '1-day', '2-3-days', '1-week', '2-weeks', '1-month', 'flexible'] as const;
export type LeadTime = (typeof LEAD_TIMES)[number];

/**
 * What a member reads for each lead time, in the select and wherever the value is shown
 * (spec section 3's labels; docs/decisions/008-lead-time-labels.md).
 */
export const LEAD_TIME_LABELS: Record<LeadTime, string> = {
  'same-day': 'Same day',
  '1-day': '1 day',
  '2-3-days': '2-3 days',
  '1-week': '1 week',
  '2-weeks': '2 weeks',
  '1-month': '1 month',
  flexible: 'Flexible',
};

/** The label of a lead time value, e.g. '2-3 days' for '2-3-days'. */
export function leadTimeLabel(value: LeadTime): string {
  return LEAD_TIME_LABELS[value];
}

/** Service radius choices in miles; 100 is shown as '100+ miles'. */
export const SERVICE_RADIUS_MILES = [5, 10, 15, 25, 50, 100] as const;
export const DEFAULT_SERVICE_RADIUS_MILES = 10;

/** Five digits with an optional dash and four digits. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Service types that need a ZIP code and a service radius. */
export function needsLocation(serviceType: unknown): boolean {
  return serviceType === 'physical' || serviceType === 'both';
}

/** The spec's messages (section 5), plus our own for the database's length limits. */
export const PROFILE_MESSAGES = {
  photoRequired: 'Profile photo is required',
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: 'Display name must be 80 characters or less',
  aboutWords: 'Please write between 40-200 words about yourself',
  aboutTooFewWords: (min: number) => `Please write at least ${min} words`,
  aboutTooManyWords: (max: number) => `Please keep to ${max} words or less`,
  aboutCharsMax: 'About Me must be 2000 characters or less',
  serviceType: 'Please select a service type',
  primaryCategory: 'Please select your primary skill category',
  keywordsMin: 'Please add at least one skill keyword',
  keywordsMax: 'Maximum 5 keywords allowed',
  skillsMax: 'Maximum 5 skills allowed',
  keywordTooLong: 'Each skill keyword must be 40 characters or less',
  keywordDuplicate: 'Each skill keyword can only be added once',
  portfolioUrl: 'Please enter a valid URL',
  portfolioUrlScheme: 'Portfolio URL must start with http:// or https://',
  linkedinUrl: 'Please enter a valid LinkedIn URL',
  linkedinUrlScheme: 'LinkedIn URL must start with http:// or https://',
  leadTime: 'Please select your lead time',
  locationRequired: 'ZIP code and service radius are required for physical services',
  zipNotFound: 'ZIP code not found',
  serviceRadius: 'Please choose a service radius',
  locationMax: 'Location must be 120 characters or less',
} as const;

/** The helper under About Me: null when the word count is within the rule. */
export function aboutWordsHint(text: string): string | null {
  const words = countWords(text);
  if (words < PROFILE_LIMITS.aboutWordsMin) return PROFILE_MESSAGES.aboutTooFewWords(PROFILE_LIMITS.aboutWordsMin);
  if (words > PROFILE_LIMITS.aboutWordsMax) return PROFILE_MESSAGES.aboutTooManyWords(PROFILE_LIMITS.aboutWordsMax);
  return null;
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** An optional text: trimmed, empty saved as null. */
const optionalText = (max: number, message: string) =>
  text().trim().max(max, message).nullish().transform(blankToNull);

/**
 * An optional web address: empty is null; otherwise it must start with http:// or https://
 * (so `javascript:` and other schemes are refused) and be a real URL with a host. A missing
 * or other scheme says `scheme`, anything else `invalid` (the same text on the first form).
 */
const webUrl = (invalid: string, scheme: string) =>
  text()
    .trim()
    .max(PROFILE_LIMITS.urlMax, invalid)
    .superRefine((value, ctx) => {
      if (value === '') return;
      if (!/^https?:\/\//i.test(value)) {
        ctx.addIssue({ code: 'custom', message: scheme });
        return;
      }
      if (!URL.canParse(value) || new URL(value).hostname === '') ctx.addIssue({ code: 'custom', message: invalid });
    })
    .nullish()
    .transform(blankToNull);

/** Trimmed, 1 to 5, each at most 40 characters, no duplicates (case-insensitive). */
export const SkillKeywordsField = z
  .array(z.string().trim(), { error: PROFILE_MESSAGES.keywordsMin })
  .min(1, PROFILE_MESSAGES.keywordsMin)
  .max(PROFILE_LIMITS.keywordsMax, PROFILE_MESSAGES.keywordsMax)
  // Checked on the list, so every keyword problem is reported under one field name.
  .superRefine((list, ctx) => {
    if (list.some(hasUnsafeCharacters)) ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.unsafe });
    else if (list.some((k) => k === '')) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.keywordsMin });
    else if (list.some((k) => k.length > PROFILE_LIMITS.keywordMax)) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.keywordTooLong });
    } else if (new Set(list.map((k) => k.toLowerCase())).size !== list.length) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.keywordDuplicate });
    }
  });

const profileShape = {
  photoId: z.uuid({ error: PROFILE_MESSAGES.photoRequired }).nullish().transform((v) => v ?? null),
  displayName: text({ error: PROFILE_MESSAGES.displayNameMin })
    .trim()
    .min(PROFILE_LIMITS.displayNameMin, PROFILE_MESSAGES.displayNameMin)
    .refine(atLeastCharacters(PROFILE_LIMITS.displayNameMin), PROFILE_MESSAGES.displayNameMin)
    .max(PROFILE_LIMITS.displayNameMax, PROFILE_MESSAGES.displayNameMax),
  about: text({ error: PROFILE_MESSAGES.aboutWords })
    .trim()
    .max(PROFILE_LIMITS.aboutCharsMax, PROFILE_MESSAGES.aboutCharsMax)
    .refine((value) => {
      const words = countWords(value);
      return words >= PROFILE_LIMITS.aboutWordsMin && words <= PROFILE_LIMITS.aboutWordsMax;
    }, PROFILE_MESSAGES.aboutWords),
  serviceType: z.enum(SERVICE_TYPES, { error: PROFILE_MESSAGES.serviceType }),
  primaryCategoryId: integerId(PROFILE_MESSAGES.primaryCategory),
  skillKeywords: SkillKeywordsField,
  portfolioUrl: webUrl(PROFILE_MESSAGES.portfolioUrl, PROFILE_MESSAGES.portfolioUrlScheme),
  linkedinUrl: webUrl(PROFILE_MESSAGES.linkedinUrl, PROFILE_MESSAGES.linkedinUrlScheme),
  leadTime: z.enum(LEAD_TIMES, { error: PROFILE_MESSAGES.leadTime }),
  zipCode: optionalText(PROFILE_LIMITS.zipMax, PROFILE_MESSAGES.zipNotFound),
  serviceRadiusMiles: z
    .number({ error: PROFILE_MESSAGES.serviceRadius })
    .refine((miles) => (SERVICE_RADIUS_MILES as readonly number[]).includes(miles), PROFILE_MESSAGES.serviceRadius)
    .nullish()
    .transform((v) => v ?? null),
  location: optionalText(PROFILE_LIMITS.locationMax, PROFILE_MESSAGES.locationMax),
};

interface LocationFields {
  serviceType?: unknown;
  zipCode?: unknown;
  serviceRadiusMiles?: unknown;
}

/**
 * Physical or both: a well-formed ZIP and a radius are required. Runs even when other fields
 * failed, so the form shows this message next to the others.
 */
function checkLocation(value: LocationFields, ctx: z.RefinementCtx): void {
  const zip = typeof value.zipCode === 'string' ? value.zipCode.trim() : '';
  if (needsLocation(value.serviceType)) {
    if (!ZIP_PATTERN.test(zip)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: PROFILE_MESSAGES.locationRequired });
    } else if (typeof value.serviceRadiusMiles !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['serviceRadiusMiles'], message: PROFILE_MESSAGES.locationRequired });
    }
  } else if (zip !== '' && !ZIP_PATTERN.test(zip)) {
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: PROFILE_MESSAGES.zipNotFound });
  }
}

const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * What PUT /api/profiles/me accepts, and what the edit form validates. Unknown keys (an `id`
 * above all) are refused: a profile is always written as the signed-in member's own.
 */
export const ProfileInput = z.strictObject(profileShape).superRefine(checkLocation, { when: isObject });
export type ProfileFormValues = z.input<typeof ProfileInput>;
export type ProfileInput = z.output<typeof ProfileInput>;

/**
 * The complete-profile form: the same fields, with the photo required and the first form's
 * URL messages (the server accepts either form's input through ProfileInput).
 */
export const CompleteProfileInput = z
  .strictObject({
    ...profileShape,
    // Spec section 5: this form says 'Please enter a valid (LinkedIn) URL' for any bad address.
    portfolioUrl: webUrl(PROFILE_MESSAGES.portfolioUrl, PROFILE_MESSAGES.portfolioUrl),
    linkedinUrl: webUrl(PROFILE_MESSAGES.linkedinUrl, PROFILE_MESSAGES.linkedinUrl),
    // Same input type as ProfileInput (so one form type serves both screens), but required.
    photoId: text({ error: PROFILE_MESSAGES.photoRequired })
      .nullish()
      .refine((v): v is string => typeof v === 'string' && v !== '', PROFILE_MESSAGES.photoRequired)
      .pipe(z.uuid({ error: PROFILE_MESSAGES.photoRequired })),
  })
  .superRefine(checkLocation, { when: isObject });
export type CompleteProfileInput = z.output<typeof CompleteProfileInput>;

export const CategoryRefSchema = z.object({ id: z.number(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/** A member's own profile, as the edit screen loads it. */
export const OwnProfileSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  about: z.string().nullable(),
  photoId: z.string().nullable(),
  photoUrl: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES).nullable(),
  primaryCategory: CategoryRefSchema.nullable(),
  skillKeywords: z.array(z.string()),
  portfolioUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  leadTime: z.enum(LEAD_TIMES).nullable(),
  zipCode: z.string().nullable(),
  serviceRadiusMiles: z.number(),
  location: z.string().nullable(),
  updatedAt: z.string(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

/**
 * A profile as /profile/{id} shows it, to its owner or to another member. `zipCode` and
 * `location` are null for others when the member does not share their location.
 */
export const ProfileViewSchema = OwnProfileSchema.omit({ photoId: true, updatedAt: true }).extend({
  /** Average star rating to one decimal; 0 without ratings. */
  rating: z.number(),
  ratingCount: z.number(),
  /** Completed exchanges the member took part in, as requester or as the post's owner. */
  exchanges: z.number(),
  /** The latest ratings the member received (at most 10), newest first. */
  reviews: z.array(ReviewItem),
  joinedAt: z.string(),
  isOwner: z.boolean(),
  /** The viewer blocked this member (who then sees no profile of the viewer's: 404). */
  blockedByViewer: z.boolean(),
  /** How the member answers exchange requests over 90 days ('Responds to 9 of 10 requests · usually within a day'); null below 3. */
  responseSignal: z.string().nullable(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

/** Completeness plus the two fields the top bar shows (spec: 'profiles select (top bar)'). */
export const ProfileCompletenessSchema = z.object({
  complete: z.boolean(),
  displayName: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type ProfileCompleteness = z.infer<typeof ProfileCompletenessSchema>;

export const ProfileIdParams = z.object({ id: MemberId });

/** A skill category of the taxonomy. */
export const CategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  level: z.number(),
  parentId: z.number().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListQuery = z.object({
  level: z.coerce.number().int().min(1).max(3).optional(),
});

/** A ZIP code's place: 'City, State' and its centroid. */
export const GeoPlaceSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeoPlace = z.infer<typeof GeoPlaceSchema>;

export const ZipParams = z.object({ zip: text().max(PROFILE_LIMITS.zipMax) });
export const NearestZipQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

export const PhotoUploadSchema = z.object({ id: z.string(), url: z.string() });
export type PhotoUpload = z.infer<typeof PhotoUploadSchema>;
/** Any text without NUL: an id that is not a UUID is a plain 404 (it is an image address), refused by readPhoto before a query runs. */
export const PhotoIdParams = z.object({ id: text().max(100) });

/** The spec's photo messages: toast title and description. */
export const PHOTO_MESSAGES = {
  invalidType: { title: 'Invalid file type', description: 'Please select an image file' },
  tooLarge: { title: 'File too large', description: 'Please select an image smaller than 5MB' },
  failed: { title: 'Upload failed', description: 'Failed to process the image. Please try again.' },
} as const;
