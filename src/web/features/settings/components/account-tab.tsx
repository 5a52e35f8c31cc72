import { zodResolver } from '@hookform/resolvers/zod';
import { SETTINGS_MESSAGES, SettingsUpdate } from '@shared/schemas/settings';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useSaveName, useSettings } from '@/features/settings/api/settings';
import { BusyIcon } from '@/features/settings/components/busy-icon';
import { ChangePasswordCard } from '@/features/settings/components/change-password-card';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { DownloadDataCard } from '@/features/settings/components/download-data-card';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';

const NameForm = z.object({ name: SettingsUpdate.shape.name.unwrap() });
type NameFormInput = z.input<typeof NameForm>;
type NameFormValues = z.output<typeof NameForm>;

/** Name (saved by Save Changes), then the read-only e-mail and password with the spec's notes. */
function AccountForm({ name, email }: { name: string; email: string }) {
  const save = useSaveName();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<NameFormInput, unknown, NameFormValues>({
    resolver: zodResolver(NameForm),
    mode: 'onTouched',
    defaultValues: { name },
  });

  // A name saved elsewhere (another tab) shows here unless the member is editing it.
  useEffect(() => {
    if (!isDirty) reset({ name });
  }, [name, isDirty, reset]);

  async function handleSave(values: NameFormValues) {
    try {
      const saved = await save.mutateAsync(values.name);
      reset({ name: saved.name });
      toast.success(SETTINGS_MESSAGES.saved.title, { description: SETTINGS_MESSAGES.saved.description });
    } catch (error) {
      console.warn('Saving the name failed', error);
      if (isSessionLapse(error)) return;
      const fieldMessage = error instanceof ApiError ? error.fields.name : undefined;
      if (fieldMessage) setError('name', { type: 'server', message: fieldMessage });
      toast.error(SETTINGS_MESSAGES.failed.title, { description: SETTINGS_MESSAGES.failed.description });
    }
  }

  const busy = save.isPending;
  return (
    <form onSubmit={handleSubmit(handleSave)} noValidate className="space-y-5">
      <FormField id="settings-name" label="Name" error={errors.name?.message}>
        <Input
          id="settings-name"
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldDescribedBy('settings-name', { error: Boolean(errors.name) })}
          {...register('name')}
        />
      </FormField>
      <FormField id="settings-email" label="Email" hint={SETTINGS_MESSAGES.emailNote}>
        <Input id="settings-email" type="email" value={email} readOnly aria-describedby={fieldDescribedBy('settings-email', { hint: true })} />
      </FormField>
      <FormField id="settings-password" label="Password" hint={SETTINGS_MESSAGES.passwordNote}>
        <Input
          id="settings-password"
          type="password"
          value="••••••••"
          readOnly
          autoComplete="off"
          aria-describedby={fieldDescribedBy('settings-password', { hint: true })}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-auto">
          {busy ? <BusyIcon /> : null}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** The Account tab: name, e-mail and password, the change-password form, the data download and account deletion. */
export function AccountTab() {
  const settings = useSettings();

  let body;
  if (settings.isPending) {
    body = (
      <div className="space-y-5" aria-hidden="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else if (settings.isError) {
    body = (
      <div className="space-y-3" role="alert">
        <p className="text-sm text-fg-muted">Your account settings could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <AccountForm name={settings.data.name} email={settings.data.email} />;
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Account</CardTitle>
          <CardDescription>Your name is shown on your profile, your posts and in messages.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      <ChangePasswordCard />
      <DownloadDataCard />
      <DeleteAccountCard />
    </div>
  );
}
