import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, readUnsubscribeToken, unsubscribeLinks } from './unsubscribe-token.js';

const secret = 'a'.repeat(64);

describe('unsubscribe tokens', () => {
  it('reads back the member and setting it was made for', () => {
    const token = createUnsubscribeToken(secret, 'user:with:colons', 'weeklyDigest');
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 'user:with:colons', setting: 'weeklyDigest' });
  });

  it('refuses a token signed with another secret, a changed member or setting, and garbage', () => {
    const token = createUnsubscribeToken(secret, 'alice', 'newMessages');
    const [, signature] = token.split('.');
    const forged = `${Buffer.from('bob:newMessages').toString('base64url')}.${signature}`;
    const otherSetting = `${Buffer.from('alice:profileVisibility').toString('base64url')}.${signature}`;
    expect(readUnsubscribeToken('b'.repeat(64), token)).toBeNull();
    expect(readUnsubscribeToken(secret, forged)).toBeNull();
    expect(readUnsubscribeToken(secret, otherSetting)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(secret, '')).toBeNull();
    expect(readUnsubscribeToken(secret, '\u0000.\u0000')).toBeNull();
  });

  it('refuses a correctly signed payload that names a setting one cannot unsubscribe from', () => {
    // Signed by the same key, but not through createUnsubscribeToken's type: still refused.
    const token = createUnsubscribeToken(secret, 'alice', 'profileVisibility' as never);
    expect(readUnsubscribeToken(secret, token)).toBeNull();
  });

  it('builds the page link and the RFC 8058 headers', () => {
    const links = unsubscribeLinks({ appUrl: 'https://swap.example/', secret }, 'alice', 'emailNotifications');
    expect(links.pageUrl).toMatch(/^https:\/\/swap\.example\/unsubscribe\?token=[A-Za-z0-9_.-]+$/);
    expect(links.headers['List-Unsubscribe']).toMatch(/^<https:\/\/swap\.example\/api\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
    expect(links.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
