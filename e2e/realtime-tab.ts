/** What a tab exposes of its realtime connection for tests (web/lib/realtime.tsx). */
export type RealtimeTab = { __skillswapRealtime?: { getState(): string; stop(): void; current: { close(): void } | null } };

/** For `page.waitForFunction`: the tab's socket is open. Runs in the page. */
export const isRealtimeOpen = () => (globalThis as unknown as RealtimeTab).__skillswapRealtime?.getState() === 'open';
