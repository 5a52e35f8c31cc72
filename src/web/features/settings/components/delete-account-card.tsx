import { zodResolver } from '@hookform/resolvers/zod';
import { DeleteAccountInput } from '@shared/schemas/account';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDeleteAccount } from '@/features/settings/api/delete-account';
import { BusyIcon } from '@/features/settings/components/busy-icon';
import { ApiError } from '@/lib/api-client';
import { endSessionOnPurpose, isSessionLapse, setSigningOut } from '@/lib/auth';
import { paths } from '@/lib/paths';

export const DELETE_ACCOUNT_MESSAGES = {
  deleted: 'Your account has been deleted.',
  failed: { title: 'Could not delete your account', description: 'Something went wrong. Please try again.' },
  tooMany: { title: 'Too many attempts', description: 'Please wait a moment and try again.' },
} as const;

/** The password dialog: stays open (busy) until the server answers; a wrong password shows under the field. */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(DeleteAccountInput), defaultValues: { password: '' } });

  async function handleDelete(values: DeleteAccountInput) {
    // The server closes this tab's realtime connection as the sessions end: no lapse to report.
    setSigningOut(true);
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      setSigningOut(false);
      console.warn('Deleting the account failed', error);
      if (isSessionLapse(error)) return;
      if (error instanceof ApiError && error.fields.password) {
        setError('password', { type: 'server', message: error.fields.password }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 429) {
        toast.error(DELETE_ACCOUNT_MESSAGES.tooMany.title, { description: DELETE_ACCOUNT_MESSAGES.tooMany.description });
      } else {
        toast.error(DELETE_ACCOUNT_MESSAGES.failed.title, { description: DELETE_ACCOUNT_MESSAGES.failed.description });
      }
      return;
    }
    endSessionOnPurpose(queryClient, location.key);
    toast.success(DELETE_ACCOUNT_MESSAGES.deleted);
    await navigate(paths.landing, { replace: true });
  }

  const busy = remove.isPending;
  const error = errors.password?.message;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <form onSubmit={handleSubmit(handleDelete)} noValidate className="space-y-5">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone. Type your password to delete your account for good.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormField id="delete-account-password" label="Password" error={error}>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy('delete-account-password', { error: Boolean(error) })}
              {...register('password')}
            />
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <BusyIcon /> : null}
              {busy ? 'Deleting...' : 'Delete account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** "Delete account": what goes and what stays, then the password dialog. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-danger-600/40">
      <CardHeader>
        <CardTitle as="h2" className="text-danger-700">
          Delete account
        </CardTitle>
        <CardDescription>
          Your profile, photo, posts, exchange requests, notifications and settings are deleted, and you are signed out
          everywhere. Conversations stay for the members you talked with, your name there becomes 'Deleted member', and
          ratings you gave stay without your name. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <Button variant="destructive" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
