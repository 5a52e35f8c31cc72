import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { TestClient } from './client.js';
import type { TestServer } from './harness.js';

/** A test WebSocket on /api/realtime: what it received, and how it ended. */
export interface TestSocket {
  ws: WebSocket;
  /** The frames received, but for the first frame's unread counts (`unreadCounts`). */
  received: unknown[];
  /** The unread counts frame every member's socket gets first. */
  unreadCounts: Promise<unknown>;
  /** Resolves with the close code once the socket closes. */
  closed: Promise<number>;
  /** Waits until a received frame satisfies `check`. */
  next(check: (frame: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

const opened: WebSocket[] = [];
afterEach(() => {
  for (const ws of opened.splice(0)) ws.terminate();
});

/** Opens a socket as a browser on the app's origin would; rejects with the HTTP status when refused. Closed after each test. */
export function openSocket(server: TestServer, client: TestClient | null, origin: string | null = server.url): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (origin) headers.origin = origin;
  if (client) headers.cookie = client.cookieHeader();
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers });
  opened.push(ws);
  const received: unknown[] = [];
  const waiters = new Set<() => void>();
  let countsArrived: (frame: unknown) => void = () => undefined;
  const unreadCounts = new Promise<unknown>((resolve) => (countsArrived = resolve));
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type?: unknown };
    if (frame.type === 'unread.counts') return countsArrived(frame);
    received.push(frame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: TestSocket = {
    ws,
    received,
    unreadCounts,
    closed,
    next(check, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = received.find(check);
          if (found === undefined) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

