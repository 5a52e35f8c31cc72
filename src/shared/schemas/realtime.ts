import { z } from 'zod';

/** Close codes of `/api/realtime` the client acts on (4xxx are the app's own). */
export const REALTIME_CLOSE = {
  /** The frame was not one the server understands. */
  unsupported: 1003,
  /** The frame was larger than REALTIME_MAX_FRAME_BYTES. */
  tooBig: 1009,
  /** The instance may have missed events: reconnect and refetch. */
  resync: 1012,
  /** The session ended (signed out, revoked, expired): do not reconnect. */
  unauthenticated: 4401,
  /** Too many open connections for one member. */
  tooMany: 4429,
} as const;

/** Largest frame a client may send; the server closes the socket on a bigger one. */
export const REALTIME_MAX_FRAME_BYTES = 4 * 1024;

/** The only frame a client sends: a keep-alive the server answers with `{"type":"pong"}`. */
export const RealtimeClientFrame = z.object({ type: z.literal('ping') }).strict();
export type RealtimeClientFrame = z.infer<typeof RealtimeClientFrame>;

/**
 * The server's first frame on every member's socket: their unread counts as the socket was
 * registered (events after it change them), so a tab whose first reads came before its socket
 * opened does not wait for the next poll to show what happened in between.
 */
export const RealtimeUnreadFrame = z.object({
  type: z.literal('unread.counts'),
  notifications: z.number().int().min(0),
  messages: z.number().int().min(0),
});
export type RealtimeUnreadFrame = z.infer<typeof RealtimeUnreadFrame>;
