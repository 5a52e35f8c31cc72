import { format, formatDistanceToNowStrict, isToday } from 'date-fns';

/** '5 minutes ago', 'just now': when a conversation last moved, in the list. */
export function relativeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (Date.now() - date.getTime() < 60_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

/** '14:05' today, 'Mar 3, 14:05' before: under a chat bubble. */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return isToday(date) ? format(date, 'HH:mm') : format(date, 'MMM d, HH:mm');
}
