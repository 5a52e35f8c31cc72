import { Search, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_SERVICE_TYPES } from '@shared/schemas/posts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { fieldClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { usePrimaryCategories } from '@/features/posts/api/get-categories';
import { useSearchPosts, type SearchServiceType } from '@/features/posts/api/search-posts';
import { SearchPeople } from '@/features/posts/components/search-people';
import { SearchResultCard } from '@/features/posts/components/search-result-card';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

const ALL = 'all';

const SERVICE_TYPE_LABELS: Record<SearchServiceType, string> = {
  all: 'All',
  digital: 'Digital',
  physical: 'Physical',
  both: 'Both',
};

function readServiceType(value: string | null): SearchServiceType {
  return (SEARCH_SERVICE_TYPES as readonly string[]).includes(value ?? '') ? (value as SearchServiceType) : 'all';
}

function readCategoryId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The search box; remounted when ?q= changes (e.g. from the top bar) so it shows the new text. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" onSubmit={handleSubmit} className="flex flex-1 gap-2">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search skills, services, people..."
          aria-label="Search skills and services"
          maxLength={100}
          className={cn(fieldClasses, 'h-11 pl-9')}
        />
      </div>
      <Button type="submit" size="lg" className="h-11">
        Search
      </Button>
    </form>
  );
}

/** /search: 'Find Skills & Services'. The URL keeps the text and both filters. */
export function SearchPage() {
  useDocumentTitle('Find Skills & Services');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const serviceType = readServiceType(params.get('serviceType'));
  const categoryId = readCategoryId(params.get('categoryId'));
  const filtered = serviceType !== 'all' || categoryId !== undefined;
  const [filtersOpen, setFiltersOpen] = useState(filtered);
  const categories = usePrimaryCategories();
  const results = useSearchPosts({ q, serviceType, categoryId });
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const people = results.data?.pages[0]?.people ?? [];
  // Posts found plus the people shown above them.
  const total = (results.data?.pages[0]?.total ?? 0) + people.length;
  const firstPageFailed = results.isError && !results.data;

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }

  function handleClear() {
    setParams(new URLSearchParams(), { replace: true });
  }

  return (
    <Container size="wide" className="py-6 sm:py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Find Skills & Services</h1>
      <p className="mt-1 text-fg-muted">Search what your neighbours offer.</p>

      <Card className="mt-6 grid gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchBox key={q} initial={q} onSearch={(text) => update({ q: text || undefined })} />
          <Button
            variant="outline"
            size="lg"
            className="h-11"
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
          </Button>
        </div>
        {filtersOpen ? (
          <div id="search-filters" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="filter-service-type">Service Type</Label>
              <Select value={serviceType} onValueChange={(value) => update({ serviceType: value === ALL ? undefined : value })}>
                <SelectTrigger id="filter-service-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SEARCH_SERVICE_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {SERVICE_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="filter-category">Skill Category</Label>
              <Select
                value={categoryId ? String(categoryId) : ALL}
                onValueChange={(value) => update({ categoryId: value === ALL ? undefined : value })}
              >
                <SelectTrigger id="filter-category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All</SelectItem>
                  {(categories.data ?? []).map((category) => (
                    <SelectItem key={category.id} value={String(category.id)}>
                      {category.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
        ) : null}
      </Card>

      {/* A first page that failed has no count to give (a failed 'Load more' keeps what was loaded). */}
      <p className="mt-6 text-sm font-medium text-fg-muted" role="status" data-testid="result-count">
        {results.isPending ? 'Searching...' : firstPageFailed ? '' : `${total} ${total === 1 ? 'result' : 'results'} found`}
      </p>

      {results.isPending ? (
        <div className="mt-4 grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : firstPageFailed ? (
        <p role="alert" className="mt-4 rounded-lg bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700">
          Search failed. Please try again.
        </p>
      ) : items.length === 0 && people.length === 0 ? (
        <Card className="mt-4 flex flex-col items-center px-6 py-12 text-center">
          <p className="text-lg font-semibold">No results found</p>
          <p className="mt-1 text-fg-muted">Try other words or fewer filters.</p>
          <Button variant="outline" className="mt-5" onClick={handleClear}>
            Clear filters
          </Button>
        </Card>
      ) : (
        <>
          {people.length > 0 ? <SearchPeople people={people} /> : null}
          {items.length > 0 ? (
            <section aria-labelledby={people.length > 0 ? 'search-posts-title' : undefined}>
              {people.length > 0 ? (
                <h2 id="search-posts-title" className="mt-8 text-xl font-semibold tracking-tight">
                  Posts
                </h2>
              ) : null}
              <div className="mt-4 grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">
                {items.map((post) => (
                  <SearchResultCard key={post.id} post={post} />
                ))}
              </div>
            </section>
          ) : null}
          {results.isFetchNextPageError ? (
            <p role="alert" className="mt-6 text-center text-sm font-medium text-danger-700">
              More results could not be loaded. Please try again.
            </p>
          ) : null}
          {results.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
                {results.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}
