import { describe, expect, it } from 'vitest';
import type { PostCard } from './post-cards.js';
import { markKept, postItemJson } from './post-item-json.js';
import { toPostItem, type PostRow } from './post-query.js';

const card: PostCard = {
  id: '7d0b4a56-6f7e-4d7c-9d32-2f0c1b9e8a11',
  user_id: 'author-1',
  title: 'Sourdough "starter" lessons',
  description: "What I'm offering: bread \\ baking\n\nWhat I'm looking for: a bike </script> tune-up ✓",
  offering: 'Bread baking',
  looking_for: 'Bike tune-up',
  additional_context: null,
  custom_tags: ['Baking', 'in_person'],
  category_id: 12,
  category_name: null,
  available_from: '2026-12-01',
  available_until: null,
  preferred_days: 'Weekends',
  preferred_times: null,
  availability_description: 'Weekends',
  status: 'active',
  created_at: '2026-11-29T12:00:00.000Z',
  updated_at: '2026-11-29T12:00:00.000Z',
  author_name: 'Ana',
  author_photo_id: null,
  author_category_id: 3,
  author_category_name: null,
};

markKept(card);

/** A row made from the kept card as a page makes it (its tags the card's own array), with the viewer's and the categories' parts. */
function rowFrom(viewerState: Partial<PostRow>): PostRow {
  return { ...card, category_name: 'Cooking', author_category_name: 'Food & Drink', exchange_status: null, pending_request_count: null, ...viewerState };
}

describe("post items' JSON with each card's part kept (postItemJson)", () => {
  it('writes exactly what JSON.stringify writes, for each viewer, with and without a match', () => {
    const first = toPostItem(rowFrom({}), 'viewer-1');
    expect(postItemJson(first)).toBe(JSON.stringify(first));
    // The same card for another viewer: their own state, the card's part from the first.
    const second = Object.assign(toPostItem(rowFrom({ exchange_status: 'pending' }), 'viewer-2', { received: 4, responded: 3, medianResponseSeconds: 7200 }), {
      match: { score: 61, breakdown: { complement: 0.333, overlap: 0, location: 1, activity: 0.4, freshness: 1 }, reasons: ['Complements your skills'] },
    });
    expect(second.exchangeStatus).toBe('pending');
    expect(postItemJson(second)).toBe(JSON.stringify(second));
    const recent = Object.assign(toPostItem(rowFrom({}), 'viewer-3'), { match: { score: 0, breakdown: { complement: 0, overlap: 0, location: 0, activity: 0, freshness: 0 }, reasons: [] } });
    expect(postItemJson(recent)).toBe(JSON.stringify(recent));
    const own = toPostItem(rowFrom({ pending_request_count: 2 }), 'author-1');
    expect(postItemJson(own)).toBe(JSON.stringify(own));
  });

  it('writes the card part again when a category is named otherwise', () => {
    expect(postItemJson(toPostItem(rowFrom({}), 'viewer-1'))).toContain('"categoryName":"Cooking"');
    const renamed = toPostItem(rowFrom({ category_name: 'Home Cooking', author_category_name: 'Food' }), 'viewer-1');
    expect(postItemJson(renamed)).toBe(JSON.stringify(renamed));
  });

  it('writes an item not made from a kept card whole', () => {
    const row = { ...card, custom_tags: [...card.custom_tags], category_name: 'Cooking', author_category_name: 'Food & Drink', exchange_status: null, pending_request_count: null, title: 'Read by a statement' };
    const item = toPostItem(row, 'viewer-1');
    expect(postItemJson(item)).toBe(JSON.stringify(item));
    expect(postItemJson(item)).toContain('"title":"Read by a statement"');
  });
});
