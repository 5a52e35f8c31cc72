/**
 * Reads until `check` holds or `ms` pass, and returns the last read. For writes made straight to
 * the database (as another instance or a script would): an instance's kept lists follow them when
 * the trigger's notification arrives, a few milliseconds later on PostgreSQL.
 */
export async function readUntil<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
