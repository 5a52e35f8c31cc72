import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * A process whose work waits long enough to reach V8's old generation, as requests waiting for
 * the database do under load: a window of ~20 MB live, ~300 MB allocated in all. It reports the
 * JavaScript heap's peak size, with or without `limitHeapGrowth`.
 */
const churn = (limit: boolean) => `
  const { limitHeapGrowth } = await import(${JSON.stringify(new URL('./heap.ts', import.meta.url).pathname)});
  if (${limit}) limitHeapGrowth();
  const window = [];
  let peak = 0;
  for (let i = 0; i < 3000; i += 1) {
    window.push(Array.from({ length: 2000 }, (_, j) => ({ i, j, text: 'row ' + j })));
    if (window.length > 200) window.shift();
    if (i % 50 === 0) { await new Promise((r) => setImmediate(r)); peak = Math.max(peak, process.memoryUsage().heapTotal); }
  }
  console.log(peak);
`;

async function peakHeap(limit: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', churn(limit)]);
  return Number(stdout.trim());
}

describe('limitHeapGrowth', () => {
  it('keeps the heap of a process with long-lived garbage far smaller than V8 left alone does', async () => {
    const [free, limited] = await Promise.all([peakHeap(false), peakHeap(true)]);
    expect(limited).toBeLessThan(free * 0.7);
  }, 30_000);
});
