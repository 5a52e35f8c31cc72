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

  it('stays on the list for a type it does not know', () => {
    for (const type of ['something_new', 'constructor', '__proto__', '']) expect(notificationTarget(type)).toBeNull();
  });
});
