import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordInput } from '@shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/features/settings/api/change-password';
import { BusyIcon } from '@/features/settings/components/busy-icon';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';

export const PASSWORD_CHANGE_MESSAGES = {
  wrongCurrent: 'Current password is incorrect.',
  mismatch: "Passwords don't match",
  changed: { title: 'Password changed', description: 'You have been signed out on every other device.' },
  failed: { title: 'Could not change your password', description: 'Something went wrong. Please try again.' },
  tooMany: { title: 'Too many attempts', description: 'Please wait a moment and try again.' },
} as const;

const ChangePasswordForm = ChangePasswordInput.pick({ currentPassword: true, newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORD_CHANGE_MESSAGES.mismatch, path: ['confirmPassword'] });
type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

const FIELDS = [
  { name: 'currentPassword', id: 'settings-current-password', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', id: 'settings-new-password', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', id: 'settings-confirm-password', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

/** Change password with the current one; the server ends every other session of the member. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ChangePasswordForm),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  async function handleChange(values: ChangePasswordForm) {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (error) {
      console.warn('Changing the password failed', error);
      if (isSessionLapse(error)) return;
      if (error instanceof ApiError && error.fields.newPassword) {
        setError('newPassword', { type: 'server', message: error.fields.newPassword }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        setError('currentPassword', { type: 'server', message: PASSWORD_CHANGE_MESSAGES.wrongCurrent }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 429) {
        toast.error(PASSWORD_CHANGE_MESSAGES.tooMany.title, { description: PASSWORD_CHANGE_MESSAGES.tooMany.description });
      } else {
        toast.error(PASSWORD_CHANGE_MESSAGES.failed.title, { description: PASSWORD_CHANGE_MESSAGES.failed.description });
      }
      return;
    }
    reset();
    toast.success(PASSWORD_CHANGE_MESSAGES.changed.title, { description: PASSWORD_CHANGE_MESSAGES.changed.description });
  }

  const busy = change.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
        <CardDescription>Enter your current password, then the new one. Every other device you are signed in on is signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(handleChange)} noValidate className="space-y-5">
          {FIELDS.map((field) => {
            const error = errors[field.name]?.message;
            return (
              <FormField key={field.name} id={field.id} label={field.label} error={error}>
                <Input
                  id={field.id}
                  type="password"
                  autoComplete={field.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={fieldDescribedBy(field.id, { error: Boolean(error) })}
                  {...register(field.name)}
                />
              </FormField>
            );
          })}
          <div className="flex justify-end">
            <Button type="submit" variant="outline" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-auto">
              {busy ? <BusyIcon /> : null}
              Change Password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
