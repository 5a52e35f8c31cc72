import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_SETTINGS, type UnsubscribeSetting } from '../../../shared/schemas/unsubscribe.js';

/**
 * Signed one-click unsubscribe tokens: `<payload>.<signature>`, both base64url. The payload is
 * `<userId>:<setting>`; the signature is an HMAC-SHA256 of it under a key derived from the
 * server's secret for this one purpose, so no other token the server signs (sessions,
 * verification links) can pass for one, and changing the member or the setting breaks it.
 * Tokens do not expire: an unsubscribe link in an old e-mail still has to work.
 */
const PURPOSE = 'skillswap:unsubscribe:v1';

function sign(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function createUnsubscribeToken(secret: string, userId: string, setting: UnsubscribeSetting): string {
  const payload = `${userId}:${setting}`;
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${sign(secret, payload).toString('base64url')}`;
}

/** The member and setting a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; setting: UnsubscribeSetting } | null {
  const [, encoded, signature] = /^([A-Za-z0-9_-]{1,300})\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const at = payload.lastIndexOf(':');
  const userId = payload.slice(0, at);
  const setting = payload.slice(at + 1);
  if (at <= 0 || !(UNSUBSCRIBE_SETTINGS as readonly string[]).includes(setting)) return null;
  return { userId, setting: setting as UnsubscribeSetting };
}

/**
 * What a member e-mail needs to offer unsubscribing from `setting`: the page link for the body
 * and the RFC 8058 headers for mail clients' own unsubscribe button.
 */
export function unsubscribeLinks(
  options: { appUrl: string; secret: string },
  userId: string,
  setting: UnsubscribeSetting,
): { pageUrl: string; headers: Record<string, string> } {
  const token = encodeURIComponent(createUnsubscribeToken(options.secret, userId, setting));
  const base = options.appUrl.replace(/\/+$/, '');
  return {
    pageUrl: `${base}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${base}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
