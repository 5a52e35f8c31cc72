import { cn } from '@/lib/cn';

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

/** A member's round photo, or their initials when they have none (cards, My Network, Messages). */
export function MemberAvatar({ name, avatarUrl, className }: { name: string; avatarUrl: string | null; className?: string }) {
  if (avatarUrl) {
    // Lazy: a feed page holds 50 cards, most below the fold; the size classes keep the space.
    return (
      <img
        src={avatarUrl}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn('size-10 shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
