import { SETTINGS_MESSAGES, type SettingKey } from '@shared/schemas/settings';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useSaveToggle, useSettings } from '@/features/settings/api/settings';
import { isSessionLapse } from '@/lib/auth';

export interface SettingRow {
  key: SettingKey;
  label: string;
  description: string;
}

/** One toggle: label and one-line description, the switch saves at once (a second flip waits for the first). */
function SettingSwitchRow({ row, checked }: { row: SettingRow; checked: boolean }) {
  const save = useSaveToggle();
  const id = `setting-${row.key}`;

  function handleChange(value: boolean) {
    if (save.isPending) return;
    save.mutate(
      { key: row.key, value },
      {
        onSuccess: () => toast.success(SETTINGS_MESSAGES.saved.title, { description: SETTINGS_MESSAGES.saved.description }),
        onError: (error) => {
          console.warn(`Saving the setting ${row.key} failed`, error);
          if (!isSessionLapse(error)) toast.error(SETTINGS_MESSAGES.failed.title, { description: SETTINGS_MESSAGES.failed.description });
        },
      },
    );
  }

  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="block font-medium text-fg">
          {row.label}
        </label>
        <p id={`${id}-description`} className="text-sm text-fg-muted">
          {row.description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={handleChange}
        aria-describedby={`${id}-description`}
        aria-busy={save.isPending || undefined}
      />
    </li>
  );
}

/** A list of toggles read from /api/settings, with a skeleton while loading and a retry on failure. */
export function SettingSwitches({ rows, label }: { rows: readonly SettingRow[]; label: string }) {
  const settings = useSettings();

  if (settings.isPending) {
    return (
      <div className="space-y-4" aria-hidden="true">
        {rows.map((row) => (
          <Skeleton key={row.key} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="space-y-3" role="alert">
        <p className="text-sm text-fg-muted">Your settings could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label={label}>
      {rows.map((row) => (
        <SettingSwitchRow key={row.key} row={row} checked={settings.data.settings[row.key]} />
      ))}
    </ul>
  );
}
