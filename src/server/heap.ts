import v8 from 'node:v8';

/**
 * How far V8 lets the JavaScript heap grow past what its last full collection kept, in percent.
 * V8's own choice on a machine with gigabytes of memory is up to 300 %: under the mixed benchmark
 * (100 members, bench/RESULTS.md) requests wait their turn long enough for what they hold to
 * reach the old generation, which then grew to ~200 MB around ~65 MB of live objects before each
 * full collection, and that was the server's peak memory (PGlite 526 MB, PostgreSQL 364 MB). At
 * 50 % it stays near 80 MB (PGlite 368 MB) at the same throughput. Unlike a heap limit
 * (--max-old-space-size), this never makes the process run out of memory: it only collects
 * sooner.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Applies `HEAP_GROWING_PERCENT` to this process (read by V8 at each full collection). */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
