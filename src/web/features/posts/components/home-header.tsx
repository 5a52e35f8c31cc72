import { CreatePostButton } from '@/features/posts/components/create-post-button';

/** /home's title, its line and Create Post: also the page's first paint (app/member-first-paint.tsx). */
export function HomeHeader() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Discover and Connect</h1>
        <p className="mt-1 text-fg-muted">Find neighbours to trade skills with.</p>
      </div>
      <CreatePostButton size="lg" />
    </div>
  );
}
