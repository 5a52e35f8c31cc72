import { describe, expect, it } from 'vitest';
import { AuthorsHidden } from './hidden-authors.js';

describe('AuthorsHidden', () => {
  const hiddenMembers = new Set(['hidden-a', 'hidden-b', 'hidden-c', 'viewer']);
  const authors = new AuthorsHidden('viewer', hiddenMembers, new Set(['hidden-b']), new Set(['blocked', 'hidden-c']));

  it('leaves out the viewer, hidden members who are not their connections, and blocked members', () => {
    expect(['viewer', 'hidden-a', 'blocked', 'hidden-c'].every((id) => authors.has(id))).toBe(true);
    // A connection sees a hidden member; a member neither hidden nor blocked is seen.
    expect(authors.has('hidden-b')).toBe(false);
    expect(authors.has('someone')).toBe(false);
  });

  it('names each such author once', () => {
    expect([...authors].sort()).toEqual(['blocked', 'hidden-a', 'hidden-c', 'viewer']);
  });

  it('leaves a blocked connection out', () => {
    const blockedFriend = new AuthorsHidden('viewer', new Set(['friend']), new Set(['friend']), new Set(['friend']));
    expect(blockedFriend.has('friend')).toBe(true);
    expect([...blockedFriend]).toEqual(['viewer', 'friend']);
  });
});
