import { z } from 'zod';
import { text } from './text.js';

export const REQUEST_LIMITS = { noteMax: 300, responseMax: 300 } as const;

export const REQUEST_MESSAGES = {
  noteMax: 'Your note must be 300 characters or less.',
  postId: 'Post not found.',
  /** The first chat message when the requester adds no note (spec section 7). */
  defaultFirstMessage: 'Hi! I sent you an exchange request.',
  responseMax: 'Your response must be 300 characters or less.',
  status: 'Choose accepted, declined, withdrawn or completed.',
  notFound: 'Request not found.',
} as const;

/** The Send Exchange Request dialog: the post and an optional note (trimmed; blank = none). */
export const CreateExchangeRequestInput = z.object({
  postId: z.uuid({ error: REQUEST_MESSAGES.postId }),
  message: text()
    .trim()
    .max(REQUEST_LIMITS.noteMax, REQUEST_MESSAGES.noteMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateExchangeRequestInput = z.input<typeof CreateExchangeRequestInput>;

export const EXCHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'completed'] as const;

export const ExchangeRequestItem = z.object({
  id: z.string(),
  postId: z.string(),
  requesterId: z.string(),
  status: z.enum(EXCHANGE_REQUEST_STATUSES),
  message: z.string().nullable(),
  /** The conversation the request opened (reused when one existed for the pair and post). */
  conversationId: z.string().nullable(),
  /** The owner's short answer when accepting or declining. */
  responseMessage: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedById: z.string().nullable(),
});
export type ExchangeRequestItem = z.infer<typeof ExchangeRequestItem>;

/** The states a member may move a request to (pending is only ever the start). */
export const REQUEST_TRANSITION_STATUSES = ['accepted', 'declined', 'withdrawn', 'completed'] as const;
export type RequestTransitionStatus = (typeof REQUEST_TRANSITION_STATUSES)[number];

/**
 * PATCH /api/requests/:id: accept or decline (the post owner, with an optional response
 * message, trimmed, blank = none), withdraw (the requester) or mark completed (either party).
 * A response message sent with withdrawn or completed is ignored.
 */
export const UpdateExchangeRequestInput = z.object({
  status: z.enum(REQUEST_TRANSITION_STATUSES, { error: REQUEST_MESSAGES.status }),
  responseMessage: text({ error: REQUEST_MESSAGES.responseMax })
    .trim()
    .max(REQUEST_LIMITS.responseMax, REQUEST_MESSAGES.responseMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateExchangeRequestInput = z.input<typeof UpdateExchangeRequestInput>;

/** A request id in a path; anything else is simply not found (never a 400 that tells ids apart). */
export const RequestIdParams = z.object({ id: z.string() });
