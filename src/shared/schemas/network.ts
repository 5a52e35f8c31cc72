import { z } from 'zod';
import { EXCHANGE_REQUEST_STATUSES } from './requests.js';

/** Each /network list holds at most this many requests, newest first (docs/decisions/010). */
export const NETWORK_LIST_LIMIT = 100;

/** One exchange request as /network shows it, seen from the viewer's side. */
export const NetworkItem = z.object({
  id: z.string(),
  status: z.enum(EXCHANGE_REQUEST_STATUSES),
  /** incoming: a request on the viewer's post; outgoing: a request the viewer sent. */
  direction: z.enum(['incoming', 'outgoing']),
  otherMember: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
  post: z.object({ id: z.string(), title: z.string() }),
  /** The requester's note. */
  message: z.string().nullable(),
  /** The owner's answer when accepting or declining. */
  responseMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  respondedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedByMe: z.boolean(),
  ratedByMe: z.boolean(),
  conversationId: z.string().nullable(),
});
export type NetworkItem = z.infer<typeof NetworkItem>;

/** GET /api/network: the four counters and the four lists of My Network. */
export const NetworkResponse = z.object({
  counts: z.object({
    connections: z.number().int(),
    pendingRequests: z.number().int(),
    waitingForResponse: z.number().int(),
    declinedRequests: z.number().int(),
  }),
  incoming: z.array(NetworkItem),
  connections: z.array(NetworkItem),
  outgoing: z.array(NetworkItem),
  declined: z.array(NetworkItem),
});
export type NetworkResponse = z.infer<typeof NetworkResponse>;
