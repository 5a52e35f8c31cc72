import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerBusyError } from '../errors.js';

/** How many API requests run at once, how many may wait for a turn, and for how long. */
export interface OverloadLimits {
  maxActive: number;
  maxQueued: number;
  queueTimeoutMs: number;
  /** What `Retry-After` tells a turned-away client, in seconds. */
  retryAfterSeconds: number;
}

/** Paths that always run: the load balancer's health probe, metrics, and the WebSocket upgrade. */
const ALWAYS = ['/api/health', '/api/metrics', '/api/realtime'];

/**
 * Uploads read their (multipart) body in their handler, at the client's pace: a phone on a slow
 * link would hold a turn for as long as its photo takes to arrive. They take their turn there,
 * once the body is in (`OverloadGate.enter`); at most `MAX_UPLOADS_ARRIVING` bodies arrive at
 * once (each up to the photo limit in memory), the next upload is turned away at once.
 */
const UPLOADS = { method: 'POST', path: '/api/photos' };
export const MAX_UPLOADS_ARRIVING = 16;

declare module 'fastify' {
  interface FastifyInstance {
    /** The bounded request queue: how many requests run and wait now (metrics, tests). */
    overloadGate: OverloadGate;
  }
}

export interface OverloadGate {
  /** Requests running now and waiting now (metrics, tests). */
  readonly active: number;
  readonly queued: number;
  /** Waits for a turn for a request that takes it in its handler (an upload); throws the 503 when none comes. */
  enter(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Gives the request's turn to the next before its answer, for a request that only waits now (a padded answer). */
  leave(request: FastifyRequest): void;
}

/**
 * A bounded queue in front of the API. At most `maxActive` API requests run at once; the next
 * `maxQueued` wait for a turn in arrival order, each at most `queueTimeoutMs`. Past that the
 * server answers at once with 503 UNAVAILABLE and `Retry-After` instead of letting requests pile
 * up until clients time out after seconds. A turned-away request has run nothing, so the web
 * app retries it (lib/api-client.ts). The web app's files are served outside the queue.
 * A request takes its turn once its body is read (preValidation): a slow client's body does not
 * hold a turn. Few turns served in arrival order keep the waits even: with 32 at once under the
 * mixed benchmark, requests with several statements (the writes) waited for every other one
 * between each, and the slowest hundredth took three to four times the median; with 8, about
 * twice (bench/RESULTS.md).
 */
export function registerOverloadGate(app: FastifyInstance, limits: OverloadLimits): OverloadGate {
  const running = new WeakSet<FastifyRequest>();
  const waiting: (() => void)[] = [];
  let active = 0;
  let uploadsArriving = 0;

  const release = (request: FastifyRequest) => {
    if (!running.delete(request)) return;
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const busy = (reply: FastifyReply) => {
    reply.header('Retry-After', String(limits.retryAfterSeconds));
    return new ServerBusyError(limits.retryAfterSeconds);
  };

  const enter = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (running.has(request)) return;
    if (active < limits.maxActive) {
      active += 1;
      running.add(request);
      return;
    }
    if (waiting.length >= limits.maxQueued) throw busy(reply);
    // A turn handed over by release() keeps `active` as it is: one request leaves, this one starts.
    const gotTurn = await new Promise<boolean>((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        resolve(false);
      }, limits.queueTimeoutMs);
      waiting.push(turn);
    });
    if (!gotTurn) throw busy(reply);
    running.add(request);
  };

  const uploadArriving = new WeakSet<FastifyRequest>();
  const uploadArrived = (request: FastifyRequest) => {
    if (uploadArriving.delete(request)) uploadsArriving -= 1;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== UPLOADS.method || (request.url.split('?', 1)[0] ?? '') !== UPLOADS.path) return;
    if (uploadsArriving >= MAX_UPLOADS_ARRIVING) throw busy(reply);
    uploadsArriving += 1;
    uploadArriving.add(request);
  });
  app.addHook('preValidation', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') || ALWAYS.some((p) => path === p || path.startsWith(`${p}/`))) return;
    if (uploadArriving.has(request)) return;
    await enter(request, reply);
  });
  // The work is done once the answer is on its way; onResponse catches answers sent without onSend.
  app.addHook('onSend', async (request) => {
    uploadArrived(request);
    release(request);
  });
  app.addHook('onResponse', async (request) => {
    uploadArrived(request);
    release(request);
  });
  app.addHook('onRequestAbort', async (request) => uploadArrived(request));

  const gate: OverloadGate = {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    async enter(request, reply) {
      uploadArrived(request);
      await enter(request, reply);
    },
    leave: release,
  };
  app.decorate('overloadGate', gate);
  return gate;
}
