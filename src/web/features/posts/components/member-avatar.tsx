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

/** A member's round photo, or their initials when they have none. */
export function MemberAvatar({ name, avatarUrl, className }: { name: string; avatarUrl: string | null; className?: string }) {
  if (avatarUrl) {
    return <img src={avatarUrl} alt="" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />;
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

/** A post's author as cards show them: photo, name and skill, cut short rather than wrapped. */
export function AuthorIdentity({ author }: { author: { name: string; avatarUrl: string | null; skill: string } }) {
  return (
    <>
      <MemberAvatar name={author.name} avatarUrl={author.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{author.name}</p>
        <p className="truncate text-sm text-fg-muted">{author.skill}</p>
      </div>
    </>
  );
}
