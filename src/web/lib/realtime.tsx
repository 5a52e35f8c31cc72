import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { RealtimeEvent } from '@shared/schemas/messages';
import { REALTIME_CLOSE, RealtimeUnreadFrame } from '@shared/schemas/realtime';
import { useMatch } from 'react-router';
import { isSigningOut, sessionQueryKey } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { notificationKeys } from '@/lib/unread-counts';

/** 'connecting' before the first open, 'reconnecting' after a drop until the socket is open again. */
export type RealtimeState = 'connecting' | 'open' | 'reconnecting';

/** Waits before each reconnection attempt (architecture.md, Realtime): 1, 2, 5, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The client's keep-alive (spec: realtime heartbeat 25 s); no pong within PONG_TIMEOUT_MS means the line is dead. */
export const HEARTBEAT_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;

/**
 * Query key prefixes each event makes stale; the screens key their queries under these
 * (`messagesUnread` is unread-counts.ts's `messagesUnreadKey`, spelled out here because that
 * module imports this one).
 */
export const realtimeKeys = {
  conversations: ['conversations'] as const,
  messages: ['messages'] as const,
  messagesUnread: ['messages-unread'] as const,
  network: ['network'] as const,
  posts: ['posts'] as const,
};

function keysFor(event: RealtimeEvent): QueryKey[] {
  switch (event.type) {
    case 'notification.created':
      return [notificationKeys.all];
    case 'message.created':
    case 'message.read':
    case 'conversation.updated':
      return [realtimeKeys.conversations, realtimeKeys.messages, realtimeKeys.messagesUnread];
    case 'request.updated':
      return [realtimeKeys.network, realtimeKeys.posts];
    default:
      return [];
  }
}

/**
 * What a change in the first frame's counts says was missed: a notification comes with every
 * exchange event (the network and the posts' states too), an unread message with a conversation.
 */
const MISSED_NOTIFICATION_KEYS: readonly QueryKey[] = [notificationKeys.list, realtimeKeys.network, realtimeKeys.posts];
const MISSED_MESSAGE_KEYS: readonly QueryKey[] = [realtimeKeys.conversations, realtimeKeys.messages];

/** Everything an event can touch: refetched after a reconnection, since events may have been missed. */
const allKeys = (): QueryKey[] => [notificationKeys.all, ...Object.values(realtimeKeys)];

type Listener = (event: RealtimeEvent) => void;

/**
 * One WebSocket to `/api/realtime` for this tab: reconnects with backoff, answers the server's
 * events by invalidating the TanStack Query cache, and lets components listen to raw events.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private state: RealtimeState = 'connecting';
  private attempt = 0;
  private everOpened = false;
  private disposed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  /** The unread counts an event made stale since the socket opened (its first frame's counts may be older). */
  private readonly countsTouched = new Set<'notifications' | 'messages'>();
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<Listener>();

  constructor(
    private readonly queryClient: QueryClient,
    private readonly url = realtimeUrl(),
  ) {}

  /** Opens the socket; after `stop` (React's strict mode runs effects twice) it starts afresh. */
  start(): void {
    this.disposed = false;
    this.attempt = 0;
    this.everOpened = false;
    this.setState('connecting');
    window.addEventListener('online', this.reconnectNow);
    this.open();
  }

  stop(): void {
    this.disposed = true;
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket?.readyState === WebSocket.CONNECTING) {
      // Closing a socket still connecting logs a browser error: close it once it opens.
      socket.onopen = () => socket.close(1000, 'Left the signed-in pages');
    } else socket?.close(1000, 'Left the signed-in pages');
  }

  getState = (): RealtimeState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  subscribeEvents(listener: Listener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** The underlying socket (tests close it to simulate a dropped connection). */
  get current(): WebSocket | null {
    return this.socket;
  }

  private setState(state: RealtimeState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }

  private open(): void {
    if (this.disposed) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempt = 0;
      this.countsTouched.clear();
      if (this.everOpened) for (const queryKey of allKeys()) void this.queryClient.invalidateQueries({ queryKey });
      this.everOpened = true;
      this.setState('open');
      this.startHeartbeat(socket);
    };
    socket.onmessage = (message) => {
      if (socket !== this.socket || typeof message.data !== 'string') return;
      let frame: { type?: unknown };
      try {
        frame = JSON.parse(message.data) as { type?: unknown };
      } catch {
        return;
      }
      if (frame.type === 'pong') {
        clearTimeout(this.pongTimer);
        return;
      }
      if (frame.type === 'unread.counts') {
        const counts = RealtimeUnreadFrame.safeParse(frame);
        if (counts.success) this.applyUnreadCounts(counts.data);
        return;
      }
      this.dispatch(frame as RealtimeEvent);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.clearTimers();
      this.socket = null;
      // This tab's own sign-out closed it: the tab is leaving the signed-in app, nothing to redo.
      if (this.disposed || isSigningOut()) return;
      if (event.code === REALTIME_CLOSE.unauthenticated) {
        // The session ended: the session re-read signs the tab out (and unmounts this connection).
        void this.queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
      this.setState(this.everOpened ? 'reconnecting' : 'connecting');
      this.scheduleReconnect();
    };
  }

  /**
   * The socket's first frame: the unread counts as the server registered it. A page's first reads
   * may be older (they come before the socket opens), so these replace them, unless an event
   * since made that count stale: its refetch is newer still. A count that changed means events
   * were missed in between: the lists they would have refreshed are read again.
   */
  private applyUnreadCounts(frame: RealtimeUnreadFrame): void {
    const counts = [
      ['notifications', notificationKeys.unreadCount, frame.notifications, MISSED_NOTIFICATION_KEYS],
      ['messages', realtimeKeys.messagesUnread, frame.messages, MISSED_MESSAGE_KEYS],
    ] as const;
    for (const [name, queryKey, unread, missedKeys] of counts) {
      if (this.countsTouched.has(name)) continue;
      const before = this.queryClient.getQueryData<{ unread: number }>(queryKey)?.unread;
      // An older read still on its way must not land after these.
      void this.queryClient.cancelQueries({ queryKey, exact: true }).then(() => {
        if (this.countsTouched.has(name)) return;
        this.queryClient.setQueryData(queryKey, { unread });
        if (before === undefined || before === unread) return;
        for (const key of missedKeys) void this.queryClient.invalidateQueries({ queryKey: key });
      });
    }
  }

  private dispatch(event: RealtimeEvent): void {
    const keys = keysFor(event);
    if (keys.includes(notificationKeys.all)) this.countsTouched.add('notifications');
    if (keys.includes(realtimeKeys.messagesUnread)) this.countsTouched.add('messages');
    for (const queryKey of keys) void this.queryClient.invalidateQueries({ queryKey });
    for (const listener of this.eventListeners) listener(event);
  }

  private startHeartbeat(socket: WebSocket): void {
    this.pingTimer = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send('{"type":"ping"}');
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => socket.close(), PONG_TIMEOUT_MS);
    }, HEARTBEAT_MS);
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** Back online: try at once instead of waiting out the backoff. */
  private reconnectNow = () => {
    if (this.disposed || this.socket) return;
    clearTimeout(this.retryTimer);
    this.open();
  };

  private clearTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}

/** ws(s)://<this host>/api/realtime. */
export function realtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/realtime`;
}

const RealtimeContext = createContext<RealtimeConnection | null>(null);

declare global {
  interface Window {
    /** The tab's realtime connection, for end-to-end tests that drop it on purpose. */
    __skillswapRealtime?: RealtimeConnection;
  }
}

/** Opens the tab's realtime connection while mounted (the signed-in shell) and closes it after. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [connection] = useState(() => new RealtimeConnection(queryClient));
  useEffect(() => {
    connection.start();
    window.__skillswapRealtime = connection;
    return () => {
      connection.stop();
      if (window.__skillswapRealtime === connection) delete window.__skillswapRealtime;
    };
  }, [connection]);
  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}

const noSubscribe = () => () => undefined;

/** The connection's state; 'connecting' outside a RealtimeProvider. */
export function useRealtimeState(): RealtimeState {
  const connection = useContext(RealtimeContext);
  return useSyncExternalStore(
    connection?.subscribeState ?? noSubscribe,
    connection?.getState ?? (() => 'connecting' as const),
    () => 'connecting' as const,
  );
}

/** Calls `handler` for every event the server sends this tab (the latest handler, without resubscribing). */
export function useRealtimeEvent(handler: (event: RealtimeEvent) => void): void {
  const connection = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection?.subscribeEvents((event) => latest.current(event)), [connection]);
}

/**
 * A small fixed banner while the connection is being made again; the live region stays mounted so
 * it is announced. In an open conversation it sits above the composer (and its character count),
 * never over what the member is typing.
 */
export function RealtimeStatus() {
  const state = useRealtimeState();
  const inChat = useMatch(paths.messagesConversation) !== null;
  return (
    <div
      role="status"
      className={cn('pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4', inChat ? 'bottom-28' : 'bottom-4')}
    >
      {state === 'reconnecting' ? (
        <span className="rounded-full bg-fg px-4 py-2 text-sm font-medium text-surface shadow-lg">Reconnecting...</span>
      ) : null}
    </div>
  );
}
