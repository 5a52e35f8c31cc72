import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Counts requests whose handlers are still running, so shutdown can let them finish before the
 * database closes. Fastify's close waits for open connections only: a client that gave up (a
 * load generator stopping, a browser tab closing) leaves its handler running against a pool
 * that would otherwise be ended under it ("Cannot use a pool after calling end on the pool").
 * A handler is done when it sends its answer (onSend), or at the latest when the response ends.
 *
 * Fastify's close also waits for every open connection, and Node counts a connection whose
 * request has begun but never finished arriving (a client that gave up while sending it) as busy
 * until its headers timeout, a minute later. So once the handlers are done and their answers have
 * had `writeGraceMs` to go out, the connections still open are closed.
 */
export interface InFlight {
  /** Resolves when no handler is running, or after `timeoutMs`; true when drained. */
  drained(timeoutMs: number): Promise<boolean>;
}

export function trackInFlight(app: FastifyInstance, shutdown: { drainMs: number; writeGraceMs: number }): InFlight {
  const running = new WeakSet<FastifyRequest>();
  let count = 0;
  let waiters: (() => void)[] = [];

  const done = (request: FastifyRequest) => {
    if (!running.delete(request)) return;
    count -= 1;
    if (count === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  app.addHook('onRequest', async (request) => {
    // A WebSocket upgrade is hijacked and never answered: it lives until the socket closes,
    // and the WebSocket plugin closes those sockets itself on shutdown.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
    running.add(request);
    count += 1;
  });
  app.addHook('onSend', async (request) => done(request));
  app.addHook('onResponse', async (request) => done(request));

  const inFlight: InFlight = {
    drained(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, timeoutMs);
        timer.unref();
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
  };
  app.addHook('preClose', async () => {
    void inFlight.drained(shutdown.drainMs).then(() => {
      setTimeout(() => app.server.closeAllConnections(), shutdown.writeGraceMs).unref();
    });
  });
  return inFlight;
}
