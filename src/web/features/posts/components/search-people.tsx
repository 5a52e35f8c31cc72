import { Link } from 'react-router';
import type { PostAuthor } from '@shared/schemas/posts';
import { MemberAvatar } from '@/features/posts/components/member-avatar';
import { profilePath } from '@/lib/paths';

/** /search's 'People' group: members whose name matches, each a link to their profile. */
export function SearchPeople({ people }: { people: PostAuthor[] }) {
  return (
    <section aria-labelledby="search-people-title" className="mt-4">
      <h2 id="search-people-title" className="text-xl font-semibold tracking-tight">
        People
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="search-people">
        {people.map((person) => (
          <li key={person.id} className="min-w-0">
            <Link
              to={profilePath(person.id)}
              className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-surface p-3 shadow-card transition-shadow hover:shadow-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <MemberAvatar name={person.name} avatarUrl={person.avatarUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium" title={person.name}>
                  {person.name}
                </span>
                <span className="block truncate text-sm text-fg-muted">{person.skill}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
