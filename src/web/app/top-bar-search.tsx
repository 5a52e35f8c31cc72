import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFeedSearch } from '@/lib/feed-search';
import { paths } from '@/lib/paths';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * The top bar's search box. On /home (and /home-database, the same screen) it filters the feed (live while typing); anywhere else
 * submitting opens /search with the trimmed text. Blank text does nothing.
 */
export function TopBarSearch({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const feedSearch = useFeedSearch();
  const onHome = pathname === paths.home || pathname === paths.homeDatabase;
  const [text, setText] = useState(() => (onHome ? feedSearch.search : ''));
  // The feed can clear its filter itself ('Clear search'): show what it filters by now.
  const [shownSearch, setShownSearch] = useState(feedSearch.search);
  if (shownSearch !== feedSearch.search) {
    setShownSearch(feedSearch.search);
    if (onHome && text.trim() !== feedSearch.search) setText(feedSearch.search);
  }

  function handleChange(value: string) {
    setText(value);
    if (onHome) feedSearch.setSearch(value);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (onHome) {
      feedSearch.setSearch(query);
      return;
    }
    if (!query) return;
    void navigate(`${paths.search}?${new URLSearchParams({ q: query }).toString()}`);
  }

  return (
    <form role="search" onSubmit={handleSubmit} className={cn('relative', className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
      <input
        type="search"
        name="q"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        placeholder="Search people, skills, posts..."
        aria-label="Search people, skills, posts"
        autoComplete="off"
        enterKeyHint="search"
        className={cn(fieldClasses, 'h-10 rounded-full bg-surface-muted pl-9 focus-visible:bg-surface')}
      />
    </form>
  );
}
