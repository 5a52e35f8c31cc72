import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SettingsResponse, type SettingKey, type SettingsUpdate } from '@shared/schemas/settings';
import { apiClient } from '@/lib/api-client';

export const settingsKeys = {
  all: ['settings'] as const,
};

/**
 * What a new name changes, by the other features' key prefixes (features never import each
 * other, so they are spelled out): the top bar and profiles, the search member summary, post
 * lists, conversations, My Network and requests all show the member's display name.
 */
const staleAfterNameChange = [['profile'], ['members'], ['posts'], ['conversations'], ['network'], ['requests']] as const;

/** GET /api/settings: the member's name, e-mail and toggles. */
export function getSettings(): Promise<SettingsResponse> {
  return apiClient.get('/api/settings', { schema: SettingsResponse });
}

/** PATCH /api/settings with any subset; answers the whole saved state. */
export function updateSettings(update: SettingsUpdate): Promise<SettingsResponse> {
  return apiClient.patch('/api/settings', update, { schema: SettingsResponse });
}

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** Saves the name (the profile's display name) and refreshes everything that shows it. */
export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => updateSettings({ name }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.all, (current: SettingsResponse | undefined) =>
        current ? { ...current, name: saved.name } : saved,
      );
      await Promise.all(staleAfterNameChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

const toggleMutationKey = [...settingsKeys.all, 'toggle'] as const;

/**
 * Saves one toggle at once, shown switched before the server answers; on failure that toggle
 * alone goes back. Once the last toggle save settles, the settings are read again (so what is
 * shown is what was stored), and the lists the privacy toggles change are refreshed.
 */
export function useSaveToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleMutationKey,
    mutationFn: ({ key, value }: { key: SettingKey; value: boolean }) => updateSettings({ settings: { [key]: value } }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.all, exact: true });
      const before = queryClient.getQueryData<SettingsResponse>(settingsKeys.all)?.settings[key];
      queryClient.setQueryData(settingsKeys.all, (current: SettingsResponse | undefined) =>
        current ? { ...current, settings: { ...current.settings, [key]: value } } : current,
      );
      return { before };
    },
    onError: (_error, { key }, context) => {
      const before = context?.before;
      if (before === undefined) return;
      queryClient.setQueryData(settingsKeys.all, (current: SettingsResponse | undefined) =>
        current ? { ...current, settings: { ...current.settings, [key]: before } } : current,
      );
    },
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: toggleMutationKey }) > 1) return;
      await Promise.all([settingsKeys.all, ['posts'], ['profile'], ['members']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
