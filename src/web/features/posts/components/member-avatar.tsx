import { Link } from 'react-router';
import type { PostAuthor } from '@shared/schemas/posts';
import { cn } from '@/lib/cn';
import { MemberAvatar } from '@/components/member-avatar';
import { profilePath } from '@/lib/paths';

const SIZES = {
  md: { avatar: '', skill: 'text-sm' },
  sm: { avatar: 'size-9', skill: 'text-xs' },
} as const;

/**
 * A post's author as cards show them: photo, name and skill, cut short rather than wrapped.
 * Photo and name link to the author's profile; only the name is a tab stop (the photo repeats
 * it). Links sit above a card's full-size overlay button (the search card's).
 */
export function AuthorIdentity({ author, size = 'md' }: { author: PostAuthor; size?: keyof typeof SIZES }) {
  const to = profilePath(author.id);
  return (
    <>
      <Link to={to} tabIndex={-1} aria-hidden="true" className="relative z-10 shrink-0 rounded-full">
        <MemberAvatar name={author.name} avatarUrl={author.avatarUrl} className={SIZES[size].avatar} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={to}
          className="relative z-10 inline-block max-w-full truncate rounded-sm align-top font-medium text-fg hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {author.name}
        </Link>
        <p className={cn('truncate text-fg-muted', SIZES[size].skill)}>{author.skill}</p>
      </div>
    </>
  );
}

export { MemberAvatar };
