/**
 * The Node.js options the server runs with, by database: `npm start` (scripts/start.mjs) and the
 * benchmarks start it with these. V8 reads them only when a process starts.
 *
 * On PostgreSQL the young generation's semi-spaces may grow to 64 MB instead of V8's 16. Under
 * the mixed benchmark the server allocates ~270 MB a second (each list answer's JSON, rows and
 * items): with 16 MB a scavenge ran every ~60 ms and copied what the ~100 requests in flight
 * still held (3-6 ms each, ~1,000 a run, ~4 % of the server's thread, the rest promoted to be
 * collected again). With 64 MB: ~10 % more requests a second and a p99 30-50 ms lower, for
 * ~100 MB more memory (peak RSS ~370 of the 500 MB target; bench/RESULTS.md). On the embedded
 * database PGlite's WebAssembly memory leaves no room for it under that target (32 MB: 488 MB),
 * so it keeps V8's.
 */
export function serverNodeArgs(env) {
  return env.DATABASE_URL ? ['--max-semi-space-size=64'] : [];
}
