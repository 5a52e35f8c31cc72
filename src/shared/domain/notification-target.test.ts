import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../schemas/notifications.js';
import { notificationTarget } from './notification-target.js';

describe('notificationTarget', () => {
  it('opens exchanges on /network, ratings on the own profile and messages on /messages', () => {
    expect(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationTarget(type)]))).toEqual({
      exchange_request: '/network',
      request_accepted: '/network',
      request_declined: '/network',
      exchange_completed: '/network',
      rating_received: '/profile',
      message: '/messages',
      system: null,
      reminder: null,
      personal_note: null,
    });
  });

  it('opens the conversation of a message, and of a declined proposal (no request to show)', () => {
    const conversationId = '0b6f4a52-3c1e-4f7a-9a51-7d7e1c2b9f10';
    expect(notificationTarget('message', { conversationId, actorId: 'u1' })).toBe(`/messages/${conversationId}`);
    expect(notificationTarget('request_declined', { conversationId, actorId: 'u1' })).toBe(`/messages/${conversationId}`);
    expect(notificationTarget('request_declined', { conversationId, requestId: 'r1' })).toBe('/network');
    expect(notificationTarget('request_accepted', { conversationId })).toBe('/network');
    for (const data of [null, 'x', [], { conversationId: '../../admin' }, { conversationId: 42 }]) {
      expect(notificationTarget('message', data)).toBe('/messages');
    }
  });

  it('stays on the list for a type it does not know', () => {
    for (const type of ['something_new', 'constructor', '__proto__', '']) expect(notificationTarget(type)).toBeNull();
  });
});
