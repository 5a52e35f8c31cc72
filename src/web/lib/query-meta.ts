/** What our queries may say about themselves to the app-wide query handlers (TanStack Query `meta`). */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown under 'Session expired' when this query's 401 revealed the lapse. */
      sessionLapseDescription?: string;
    };
  }
}

export {};
