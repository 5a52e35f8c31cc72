import { describe, expect, it } from 'vitest';
import { KeptValues } from './kept-values.js';

/** Keeps numbers by key, read by a function the test controls. */
class KeptNumbers extends KeptValues {
  readonly values = new Map<string, number>();
  reads = 0;

  constructor(private readonly read: (key: string) => Promise<number>) {
    super(new Set(['numbers']));
  }

  get(key: string): Promise<number> {
    const kept = this.values.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    return this.once(
      key,
      () => {
        this.reads += 1;
        return this.read(key);
      },
      (value) => void this.values.set(key, value),
    );
  }

  protected heard(): void {}
  protected dropAll(): void {
    this.values.clear();
  }
  protected drop(key: string): void {
    this.values.delete(key);
  }
}

/** A read the test finishes by hand. */
function heldReads() {
  const pending: ((value: number) => void)[] = [];
  return { read: () => new Promise<number>((resolve) => pending.push(resolve)), finish: (value: number) => pending.shift()?.(value) };
}

describe('KeptValues', () => {
  it('shares one read between lookups that miss together, and keeps it', async () => {
    const held = heldReads();
    const numbers = new KeptNumbers(held.read);
    const [a, b] = [numbers.get('x'), numbers.get('x')];
    held.finish(7);
    expect([await a, await b, numbers.reads]).toEqual([7, 7, 1]);
    expect(numbers.values.get('x')).toBe(7);
  });

  it('hands a read across a change or a forget of its key to its lookups without keeping it; later lookups read again', async () => {
    const held = heldReads();
    const numbers = new KeptNumbers(held.read);
    const beforeChange = numbers.get('x');
    numbers.changed();
    const afterChange = numbers.get('x');
    held.finish(1);
    held.finish(2);
    expect([await beforeChange, await afterChange, numbers.reads]).toEqual([1, 2, 2]);
    expect(numbers.values.get('x')).toBe(2);

    const beforeForget = numbers.get('y');
    const other = numbers.get('z');
    numbers.forget('y');
    held.finish(3);
    held.finish(4);
    expect([await beforeForget, await other]).toEqual([3, 4]);
    // Only the forgotten key's read is not kept.
    expect([numbers.values.has('y'), numbers.values.get('z')]).toEqual([false, 4]);
  });
});
