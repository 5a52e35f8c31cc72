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
  // The initials are a picture, drawn from an attribute rather than written as text: a link around
  // the avatar (cards link it to the profile, hidden from assistive technology beside the name's
  // link) would otherwise read as its text, and "GO" or "OK" is no description of a link.
  return (
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}
