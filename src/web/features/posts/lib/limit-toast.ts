import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { POST_TOASTS } from '@/features/posts/lib/post-labels';

/**
 * A write limit the server answered with 429 (posts per hour, active posts, exchange requests
 * per hour): shows its message, which says what the limit is and when to try again. True when
 * it was one, so the caller skips its generic failure toast.
 */
export function toastWriteLimit(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 429) return false;
  toast.error(POST_TOASTS.limitTitle, { description: error.message });
  return true;
}
