import { describe, expect, it } from 'vitest';
import { AuthorsHidden } from './hidden-authors.js';

/** A list of posts by author, counted as the search hits count them. */
function listOf(byAuthor: Record<string, number>) {
  const postsBy = (userId: string) => byAuthor[userId] ?? 0;
  return { postsBy, postsByAll: (members: ReadonlySet<string>) => [...members].reduce((sum, id) => sum + postsBy(id), 0) };
}

describe('AuthorsHidden', () => {
  const hiddenMembers = new Set(['hidden-a', 'hidden-b', 'hidden-c', 'viewer']);
  const authors = new AuthorsHidden('viewer', hiddenMembers, new Set(['hidden-b', 'hidden-c']), new Set(['blocked', 'hidden-c']));

  it('leaves out the viewer, hidden members who are not their connections, and blocked members', () => {
    expect(['viewer', 'hidden-a', 'blocked', 'hidden-c'].every((id) => authors.has(id))).toBe(true);
    // A connection sees a hidden member (unless blocked: hidden-c); a member neither hidden nor blocked is seen.
    expect(authors.has('hidden-b')).toBe(false);
    expect(authors.has('someone')).toBe(false);
  });

  it("counts a list's posts by those authors, each once", () => {
    const list = listOf({ viewer: 1, 'hidden-a': 2, 'hidden-b': 4, 'hidden-c': 8, blocked: 16, someone: 32 });
    expect(authors.postsIn(list)).toBe(1 + 2 + 8 + 16);
    const visibleViewer = new AuthorsHidden('viewer', new Set(['hidden-a']), new Set(), new Set(['blocked', 'blocked']));
    expect(visibleViewer.postsIn(list)).toBe(1 + 2 + 16);
  });
});
