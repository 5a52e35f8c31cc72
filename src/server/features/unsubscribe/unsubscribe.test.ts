import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES, type UnsubscribeResponse } from '../../../shared/schemas/unsubscribe.js';
import { TestClient } from '../../test/client.js';
import { memberWithProfile, setSettings, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { getMemberSettings } from '../settings/settings.service.js';
import { createUnsubscribeToken, unsubscribeLinks } from '../mail/unsubscribe-token.js';

describe.each(testDatabases())('one-click unsubscribe on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const secret = () => server().config.authSecret;
  const post = (body: unknown, query = '') => new TestClient(server().url).post(`/api/unsubscribe${query}`, body);

  it('turns the one setting off from the JSON body, without signing in, and says which', async () => {
    const member = await memberWithProfile(server());
    await setSettings(db(), member.userId, { weeklyDigest: true });
    const res = await post({ token: createUnsubscribeToken(secret(), member.userId, 'newMessages') });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ setting: 'newMessages', label: 'New Messages' } satisfies UnsubscribeResponse);
    expect(await getMemberSettings(db(), member.userId)).toMatchObject({ newMessages: false, emailNotifications: true, weeklyDigest: true });
    // Twice is fine.
    expect((await post({ token: createUnsubscribeToken(secret(), member.userId, 'newMessages') })).status).toBe(200);
  });

  it('accepts the RFC 8058 one-click POST to the List-Unsubscribe URL (form body, token in the query, no Origin)', async () => {
    const member = await memberWithProfile(server());
    const links = unsubscribeLinks({ appUrl: server().url, secret: secret() }, member.userId, 'emailNotifications');
    const url = /^<(.+)>$/.exec(links.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await getMemberSettings(db(), member.userId)).toMatchObject({ emailNotifications: false, newMessages: true });
  });

  it('refuses tampered, foreign and garbage tokens with 400 on token, changing nothing', async () => {
    const alice = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const token = createUnsubscribeToken(secret(), alice.userId, 'newMessages');
    const [, signature] = token.split('.');
    const forged = [
      `${Buffer.from(`${bob.userId}:newMessages`).toString('base64url')}.${signature}`,
      `${Buffer.from(`${alice.userId}:emailNotifications`).toString('base64url')}.${signature}`,
      createUnsubscribeToken('another-secret-another-secret-0123456789', bob.userId, 'newMessages'),
      createUnsubscribeToken(secret(), alice.userId, 'profileVisibility' as never),
      'garbage',
      `${token}x`,
      'a'.repeat(600),
    ];
    for (const bad of forged) {
      const res = await post({ token: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).error.fields).toEqual({ token: UNSUBSCRIBE_MESSAGES.token });
    }
    for (const body of [{}, { token: 42 }, { token: ['x'] }, null]) expect((await post(body)).status).toBe(400);
    expect((await post({}, '?token=nope')).status).toBe(400);
    for (const member of [alice, bob]) {
      expect(await getMemberSettings(db(), member.userId)).toMatchObject({ newMessages: true, emailNotifications: true, profileVisibility: true });
    }
  });

  it("refuses the token of a member who deleted their account (400, no settings row created)", async () => {
    const res = await post({ token: createUnsubscribeToken(secret(), 'no-such-member', 'weeklyDigest') });
    expect(res.status).toBe(400);
  });
});
