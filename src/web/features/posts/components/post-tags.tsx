import { Badge } from '@/components/ui/badge';
import { tagLabel } from '@/features/posts/lib/post-labels';

/**
 * A post's first `max` tags as badges (the format tag by its label). With `showMore`, a '+N'
 * badge counts the rest (search cards show 4 and '+N'; feed cards show up to 5).
 */
export function PostTags({ tags, max, showMore = false }: { tags: readonly string[]; max: number; showMore?: boolean }) {
  if (tags.length === 0) return null;
  const more = tags.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag}>
          <Badge variant="outline">{tagLabel(tag)}</Badge>
        </li>
      ))}
      {showMore && more > 0 ? (
        <li>
          <Badge variant="neutral">+{more}</Badge>
        </li>
      ) : null}
    </ul>
  );
}
