import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listJson } from './list-json.js';

const Page = z.object({ items: z.array(z.object({ id: z.string(), title: z.string() })), nextOffset: z.number().nullable() });

describe('listJson', () => {
  it('writes the answer as the schema would', () => {
    const page = { items: [{ id: 'a', title: 'Guitar' }], nextOffset: null };
    expect(JSON.parse(listJson(Page, page, true).toString())).toEqual(page);
  });

  it('refuses, when checking, an item with a field its schema does not list or a wrong value', () => {
    const leaky = { items: [{ id: 'a', title: 'Guitar', email: 'ann@example.com' }], nextOffset: null };
    expect(() => listJson(Page, leaky, true)).toThrow(/response schema/);
    expect(() => listJson(Page, { items: [{ id: 'a', title: 7 }], nextOffset: null } as never, true)).toThrow();
  });

  it('only writes, in production', () => {
    const leaky = { items: [{ id: 'a', title: 'Guitar', extra: 1 }], nextOffset: 3 };
    expect(JSON.parse(listJson(Page, leaky, false).toString())).toEqual(leaky);
  });
});
