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
