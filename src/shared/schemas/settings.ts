import { z } from 'zod';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from './profile.js';
import { atLeastCharacters, text } from './text.js';

/**
 * /settings (issue 13): the member's toggles, stored per member in `member_settings` (a missing
 * row means every default). The contract shared by the server and the web app.
 *
 * `GET /api/settings` -> `SettingsResponse` (the signed-in member's own, never another's).
 * `PATCH /api/settings` `SettingsUpdate` (any subset) -> `SettingsResponse`. `name` updates the
 * profile's display name (the spec's "update display_name by id (settings)"), with the profile's
 * own rules. 401 for a visitor; 400 with field messages for bad input.
 */
export const SETTING_KEYS = [
  'emailNotifications',
  'newMessages',
  'weeklyDigest',
  'profileVisibility',
  'locationSharing',
  'aiMatchSuggestions',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The spec's defaults: everything on except the Weekly Digest. */
export const SETTING_DEFAULTS: Record<SettingKey, boolean> = {
  emailNotifications: true,
  newMessages: true,
  weeklyDigest: false,
  profileVisibility: true,
  locationSharing: true,
  aiMatchSuggestions: true,
};

export const MemberSettings = z.object({
  emailNotifications: z.boolean(),
  newMessages: z.boolean(),
  weeklyDigest: z.boolean(),
  profileVisibility: z.boolean(),
  locationSharing: z.boolean(),
  aiMatchSuggestions: z.boolean(),
});
export type MemberSettings = z.infer<typeof MemberSettings>;

export const SettingsResponse = z.object({
  /** The profile's display name (empty before the profile is complete). */
  name: z.string(),
  email: z.string(),
  settings: MemberSettings,
});
export type SettingsResponse = z.infer<typeof SettingsResponse>;

export const SETTINGS_MESSAGES = {
  saved: { title: 'Settings updated', description: 'Your settings have been saved successfully.' },
  failed: { title: 'Error', description: 'Failed to save settings. Please try again.' },
  emailNote: 'Email cannot be changed here. Contact support if needed.',
  passwordNote: 'Use "Forgot Password" to change your password',
} as const;

export const SettingsUpdate = z
  .object({
    // The profile's own rule for a display name.
    name: text({ error: PROFILE_MESSAGES.displayNameMin })
      .trim()
      .min(PROFILE_LIMITS.displayNameMin, PROFILE_MESSAGES.displayNameMin)
      .refine(atLeastCharacters(PROFILE_LIMITS.displayNameMin), PROFILE_MESSAGES.displayNameMin)
      .max(PROFILE_LIMITS.displayNameMax, PROFILE_MESSAGES.displayNameMax)
      .optional(),
    settings: MemberSettings.partial().strict().optional(),
  })
  .strict();
export type SettingsUpdate = z.input<typeof SettingsUpdate>;
