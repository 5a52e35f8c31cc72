import type { FastifyInstance, FastifyRequest } from 'fastify';
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
}

/**
 * A bounded queue in front of the API. At most `maxActive` API requests run at once; the next
 * `maxQueued` wait for a turn in arrival order, each at most `queueTimeoutMs`. Past that the
 * server answers at once with 503 UNAVAILABLE and `Retry-After` instead of letting requests pile
 * up until clients time out after seconds. A turned-away request has run nothing, so the web
 * app retries it (lib/api-client.ts). The web app's files are served outside the queue.
 */
export function registerOverloadGate(app: FastifyInstance, limits: OverloadLimits): OverloadGate {
  const running = new WeakSet<FastifyRequest>();
  const waiting: (() => void)[] = [];
  let active = 0;

  const release = (request: FastifyRequest) => {
    if (!running.delete(request)) return;
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') || ALWAYS.some((p) => path === p || path.startsWith(`${p}/`))) return;
    if (active < limits.maxActive) {
      active += 1;
      running.add(request);
      return;
    }
    const busy = () => {
      reply.header('Retry-After', String(limits.retryAfterSeconds));
      return new ServerBusyError(limits.retryAfterSeconds);
    };
    if (waiting.length >= limits.maxQueued) throw busy();
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
    if (!gotTurn) throw busy();
    running.add(request);
  });
  // The work is done once the answer is on its way; onResponse catches answers sent without onSend.
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));

  const gate: OverloadGate = {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
  app.decorate('overloadGate', gate);
  return gate;
}
