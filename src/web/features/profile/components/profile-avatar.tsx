import { initialsOf } from '@/features/profile/profile-options';
import { cn } from '@/lib/cn';

export interface ProfileAvatarProps {
  photoUrl: string | null | undefined;
  name: string | null | undefined;
  className?: string;
}

/** A member's round photo, or their initials (first letters of up to two words). */
export function ProfileAvatar({ photoUrl, name, className }: ProfileAvatarProps) {
  if (photoUrl) {
    return <img src={photoUrl} alt={name ? `${name}'s photo` : 'Profile photo'} className={cn('size-24 rounded-full object-cover', className)} />;
  }
  return (
    <span
      role="img"
      aria-label={name ? `${name}'s initials` : 'No photo'}
      className={cn(
        'inline-flex size-24 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
