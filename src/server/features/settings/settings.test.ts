import { describe, expect, it } from 'vitest';
import type { OwnProfile, ProfileCompleteness } from '../../../shared/schemas/profile.js';
import { PROFILE_MESSAGES } from '../../../shared/schemas/profile.js';
import { SETTING_DEFAULTS, type SettingsResponse } from '../../../shared/schemas/settings.js';
import { TEXT_MESSAGES } from '../../../shared/schemas/text.js';
import { TestClient } from '../../test/client.js';
import { memberWithProfile, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { testDatabases } from '../../test/harness.js';
import { signedInMember, TEST_PASSWORD } from '../../test/members.js';
import { NAME_NEEDS_PROFILE_MESSAGE } from './settings.service.js';

describe.each(testDatabases())('/api/settings on %s', (kind) => {
  const server = useTestServer(kind);

  const read = async (client: TestClient) => {
    const res = await client.get('/api/settings');
    expect(res.status).toBe(200);
    return client.json<SettingsResponse>(res);
  };
  const patch = (client: TestClient, body: unknown) => client.request('PATCH', '/api/settings', body);
  const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

  it('answers the defaults, the name and the e-mail for a member who never saved a setting', async () => {
    const member = await memberWithProfile(server(), { displayName: 'Dora Default' });
    expect(await read(member.client)).toEqual({ name: 'Dora Default', email: member.email, settings: SETTING_DEFAULTS });
    expect(SETTING_DEFAULTS).toMatchObject({ weeklyDigest: false, emailNotifications: true, aiMatchSuggestions: true });
  });

  it('saves a partial update, keeps the rest, and keeps it across sign-out and sign-in', async () => {
    const member = await memberWithProfile(server());
    const first = await patch(member.client, { settings: { weeklyDigest: true, locationSharing: false } });
    expect(first.status).toBe(200);
    const expected = { ...SETTING_DEFAULTS, weeklyDigest: true, locationSharing: false };
    expect((await member.client.json<SettingsResponse>(first)).settings).toEqual(expected);

    // A second partial update touches only its own keys.
    const second = await patch(member.client, { settings: { emailNotifications: false } });
    expect((await member.client.json<SettingsResponse>(second)).settings).toEqual({ ...expected, emailNotifications: false });
    // Saving the name alone leaves the toggles as they are, and an empty update changes nothing.
    expect((await patch(member.client, { name: 'Nia Renamed' })).status).toBe(200);
    expect((await patch(member.client, {})).status).toBe(200);
    expect((await patch(member.client, { settings: {} })).status).toBe(200);

    expect((await member.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await member.client.get('/api/settings')).status).toBe(401);
    const again = new TestClient(server().url);
    expect((await again.post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
    expect(await read(again)).toEqual({
      name: 'Nia Renamed',
      email: member.email,
      settings: { ...expected, emailNotifications: false },
    });
  });

  it('saves the name as the profile display name, trimmed, shown in the top bar and the profile', async () => {
    const member = await memberWithProfile(server(), { displayName: 'Old Name' });
    const other = await memberWithProfile(server());
    const res = await patch(member.client, { name: '  Priya Patel  ' });
    expect(res.status).toBe(200);
    expect((await member.client.json<SettingsResponse>(res)).name).toBe('Priya Patel');
    expect((await member.client.json<OwnProfile>(await member.client.get('/api/profiles/me'))).displayName).toBe('Priya Patel');
    const summary = await member.client.json<ProfileCompleteness>(await member.client.get('/api/profiles/me/completeness'));
    expect(summary).toMatchObject({ complete: true, displayName: 'Priya Patel' });
    const seen = await other.client.json<{ displayName: string }>(await other.client.get(`/api/profiles/${member.userId}`));
    expect(seen.displayName).toBe('Priya Patel');
  });

  it("changes only the signed-in member's own settings", async () => {
    const alice = await memberWithProfile(server(), { displayName: 'Alice Own' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Other' });
    await patch(bob.client, { settings: { newMessages: false } });
    await patch(alice.client, { name: 'Alice Changed', settings: { profileVisibility: false, aiMatchSuggestions: false } });

    expect(await read(bob.client)).toEqual({
      name: 'Bob Other',
      email: bob.email,
      settings: { ...SETTING_DEFAULTS, newMessages: false },
    });
    // There is no way to name another member: unknown keys such as a user id are refused.
    for (const body of [{ userId: bob.userId, settings: { weeklyDigest: true } }, { settings: { userId: bob.userId } }]) {
      expect((await patch(alice.client, body)).status).toBe(400);
    }
    expect((await read(bob.client)).settings).toEqual({ ...SETTING_DEFAULTS, newMessages: false });
    expect((await read(alice.client)).settings).toEqual({ ...SETTING_DEFAULTS, profileVisibility: false, aiMatchSuggestions: false });
  });

  it('refuses a name for a member without a profile, saving nothing, but keeps their toggles', async () => {
    const member = await signedInMember(server());
    expect(await read(member.client)).toEqual({ name: '', email: member.email, settings: SETTING_DEFAULTS });
    const refused = await patch(member.client, { name: 'No Profile', settings: { weeklyDigest: true } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ message: NAME_NEEDS_PROFILE_MESSAGE, fields: { name: NAME_NEEDS_PROFILE_MESSAGE } });
    expect((await read(member.client)).settings).toEqual(SETTING_DEFAULTS);
    const toggles = await patch(member.client, { settings: { weeklyDigest: true } });
    expect(toggles.status).toBe(200);
    expect((await read(member.client)).settings.weeklyDigest).toBe(true);
  });

  it('answers visitors with 401', async () => {
    const visitor = new TestClient(server().url);
    expect((await visitor.get('/api/settings')).status).toBe(401);
    expect((await patch(visitor, { settings: { weeklyDigest: true } })).status).toBe(401);
    expect((await patch(visitor, '{"broken')).status).toBe(401);
  });

  it('answers hostile input with 4xx and leaves the settings alone', async () => {
    const member = await memberWithProfile(server(), { displayName: 'Steady Name' });
    const cases: [unknown, string | undefined][] = [
      [{ name: 'a\u0000b' }, TEXT_MESSAGES.unsafe],
      [{ name: 'x' }, PROFILE_MESSAGES.displayNameMin],
      [{ name: '   ' }, PROFILE_MESSAGES.displayNameMin],
      [{ name: 'x'.repeat(81) }, PROFILE_MESSAGES.displayNameMax],
      [{ name: 42 }, PROFILE_MESSAGES.displayNameMin],
      [{ name: null }, undefined],
      [{ settings: { weeklyDigest: 'yes' } }, undefined],
      [{ settings: { weeklyDigest: 1 } }, undefined],
      [{ settings: { weeklyDigest: null } }, undefined],
      [{ settings: { unknownToggle: true } }, undefined],
      [{ settings: [true] }, undefined],
      [{ settings: 'on' }, undefined],
      [{ extra: true }, undefined],
      [[], undefined],
      ['null', undefined],
      ['"text"', undefined],
      ['{"name": ', undefined],
    ];
    for (const [body, message] of cases) {
      const res = await patch(member.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect((await errorOf(res)).fields?.name).toBe(message);
    }
    const huge = await patch(member.client, { name: 'n'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const form = await member.client.request('PATCH', '/api/settings', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect(await read(member.client)).toEqual({ name: 'Steady Name', email: member.email, settings: SETTING_DEFAULTS });
  });
});
