import { z } from 'zod';
import { text } from './text.js';
import { MemberRef } from './messages.js';

/**
 * Blocking and reporting (issue 12, item 7): the API contract shared by the server and the web app.
 *
 * Blocks: `GET /api/blocks` (the viewer's blocked members, newest first), `POST /api/blocks`
 * `{ memberId }` (201 new, 200 already blocked, 400 self, 404 unknown member), `DELETE
 * /api/blocks/:memberId` (204, also when not blocked). A block in either direction hides the two
 * members from each other everywhere (profile, posts, feed, search, matches, requests, messages).
 *
 * Reports: `POST /api/reports` `{ targetType, targetId, reason, note? }` (201; 404 when the
 * target does not exist or the reporter cannot see it; 400 own content; 429 past
 * `REPORT_LIMITS.perHour`). `npm run reports` lists the open ones for the operator.
 */
export const REPORT_TARGET_TYPES = ['member', 'post', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'no_show', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The labels the Report dialog shows for each reason, in this order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  no_show: 'No-show',
  inappropriate: 'Inappropriate content',
  other: 'Other',
};

export const REPORT_LIMITS = { noteMax: 1000, perHour: 20 } as const;

/** Blocks and unblocks one member may make per hour (each one refreshes every instance's feed cache). */
export const BLOCK_LIMITS = { changesPerHour: 60 } as const;

export const SAFETY_MESSAGES = {
  blockSelf: 'You cannot block yourself.',
  blockRateLimited: 'You have blocked and unblocked many members in the last hour. Please try again later.',
  reportOwn: 'You cannot report your own content.',
  reasonRequired: 'Please choose a reason.',
  noteMax: 'Your note must be 1,000 characters or less.',
  reportNotFound: 'What you reported no longer exists.',
  reportRateLimited: 'You have sent many reports in the last hour. Please try again later.',
  /** Sending a message or a request to a member either side has blocked. */
  blocked: 'You cannot contact this member.',
  memberNotFound: 'Member not found.',
} as const;

export const BlockInput = z.object({ memberId: z.string().min(1).max(100) });
export type BlockInput = z.input<typeof BlockInput>;

export const BlockedMember = z.object({ member: MemberRef, blockedAt: z.string() });
export type BlockedMember = z.infer<typeof BlockedMember>;
export const BlockListResponse = z.object({ items: z.array(BlockedMember) });
export type BlockListResponse = z.infer<typeof BlockListResponse>;

export const ReportInput = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string().min(1).max(100),
  reason: z.enum(REPORT_REASONS, { error: SAFETY_MESSAGES.reasonRequired }),
  note: text().trim().max(REPORT_LIMITS.noteMax, SAFETY_MESSAGES.noteMax).optional(),
});
export type ReportInput = z.input<typeof ReportInput>;
export const ReportCreated = z.object({ id: z.string() });
export type ReportCreated = z.infer<typeof ReportCreated>;
