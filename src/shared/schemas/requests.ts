import { z } from 'zod';
import { text } from './text.js';

export const REQUEST_LIMITS = { noteMax: 300 } as const;

export const REQUEST_MESSAGES = {
  noteMax: 'Your note must be 300 characters or less.',
  postId: 'Post not found.',
  /** The first chat message when the requester adds no note (spec section 7). */
  defaultFirstMessage: 'Hi! I sent you an exchange request.',
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

export const EXCHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'completed'] as const;

export const ExchangeRequestItem = z.object({
  id: z.string(),
  postId: z.string(),
  requesterId: z.string(),
  status: z.enum(EXCHANGE_REQUEST_STATUSES),
  message: z.string().nullable(),
  /** The conversation the request opened (reused when one existed for the pair and post). */
  conversationId: z.string(),
  createdAt: z.string(),
});
export type ExchangeRequestItem = z.infer<typeof ExchangeRequestItem>;

/** Posts the viewer has sent a request on, for 'Connected'. */
export const SentPostIdsResponse = z.object({ postIds: z.array(z.string()) });
export type SentPostIdsResponse = z.infer<typeof SentPostIdsResponse>;
