import { toast } from 'sonner';
import { useUpdateRequest, type UpdateRequestVariables } from '@/features/network/api/update-request';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';

/** The success toast of each move. */
export const REQUEST_TOASTS = {
  accepted: { title: 'Request accepted', description: 'You are now connected. Say hello in Messages.' },
  declined: { title: 'Request declined', description: 'The member has been told.' },
  withdrawn: { title: 'Request withdrawn', description: 'You can send a new request any time.' },
  completed: { title: 'Exchange completed', description: 'Thank you! You can now rate this exchange.' },
} as const;

export const REQUEST_ERROR_TITLE = 'Could not update the request';

/**
 * Runs one move on a request: a toast on success; on a 403/404/409 the server's own sentence
 * (for example 'This request was already declined.'); a 400 is handed back to the dialog that
 * shows its field message.
 */
export function useRequestAction() {
  const mutation = useUpdateRequest();
  function run(variables: UpdateRequestVariables, handlers: { onDone?: () => void; onFieldError?: (message: string) => void } = {}) {
    mutation.mutate(variables, {
      onSuccess: () => {
        const message = REQUEST_TOASTS[variables.status];
        toast.success(message.title, { description: message.description });
        handlers.onDone?.();
      },
      onError: (error) => {
        if (isSessionLapse(error)) return;
        console.warn('Updating an exchange request failed', error);
        if (error instanceof ApiError && error.status === 400 && error.fields.responseMessage && handlers.onFieldError) {
          handlers.onFieldError(error.fields.responseMessage);
          return;
        }
        if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
          toast.error(REQUEST_ERROR_TITLE, { description: error.message });
          handlers.onDone?.();
          return;
        }
        toast.error(REQUEST_ERROR_TITLE, { description: 'Something went wrong. Please try again.' });
      },
    });
  }
  return { run, isPending: mutation.isPending, pendingStatus: mutation.isPending ? mutation.variables.status : null };
}
