import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { memberSettings, profiles } from '../../db/schema/index.js';
import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type MemberSettings,
  type SettingsResponse,
  type SettingsUpdate,
} from '../../../shared/schemas/settings.js';
import { AppError } from '../../errors.js';

/** Said when a member without a profile tries to set a name (the name lives on the profile). */
export const NAME_NEEDS_PROFILE_MESSAGE = 'Please complete your profile before changing your name.';

const settingColumns = {
  emailNotifications: memberSettings.emailNotifications,
  newMessages: memberSettings.newMessages,
  weeklyDigest: memberSettings.weeklyDigest,
  profileVisibility: memberSettings.profileVisibility,
  locationSharing: memberSettings.locationSharing,
  aiMatchSuggestions: memberSettings.aiMatchSuggestions,
};

type Executor = Pick<Database, 'select'>;

/** A member's toggles: their stored row, or every default when they never changed one. */
export async function getMemberSettings(db: Executor, userId: string): Promise<MemberSettings> {
  const [row] = await db.select(settingColumns).from(memberSettings).where(eq(memberSettings.userId, userId)).limit(1);
  return row ?? { ...SETTING_DEFAULTS };
}

/** What /settings shows: the profile's display name (empty without a profile), the e-mail and the toggles. */
export async function getSettings(db: Database, userId: string, email: string): Promise<SettingsResponse> {
  const [profile] = await db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return { name: profile?.displayName ?? '', email, settings: await getMemberSettings(db, userId) };
}

/**
 * Saves the given toggles (upserting the member's row, the others keep their stored or default
 * value) and the name (the profile's display name; the profile's search vector is generated and
 * the feed caches empty through the profiles trigger). All or nothing: a name without a profile
 * is a 409 and nothing is saved.
 */
export async function updateSettings(db: Database, userId: string, email: string, input: SettingsUpdate): Promise<SettingsResponse> {
  await db.transaction(async (tx) => {
    if (input.name !== undefined) {
      const updated = await tx
        .update(profiles)
        .set({ displayName: input.name, updatedAt: new Date() })
        .where(eq(profiles.id, userId))
        .returning({ id: profiles.id });
      if (updated.length === 0) throw new AppError('PROFILE_INCOMPLETE', NAME_NEEDS_PROFILE_MESSAGE, { name: NAME_NEEDS_PROFILE_MESSAGE });
    }
    const changes: Partial<MemberSettings> = {};
    for (const key of SETTING_KEYS) {
      const value = input.settings?.[key];
      if (value !== undefined) changes[key] = value;
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .insert(memberSettings)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: memberSettings.userId, set: { ...changes, updatedAt: new Date() } });
    }
  });
  return getSettings(db, userId, email);
}
