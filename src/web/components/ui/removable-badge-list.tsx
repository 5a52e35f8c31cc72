import { X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export interface RemovableBadgeListProps {
  items: readonly string[];
  onRemove: (item: string) => void;
  /** Names the list for screen readers, e.g. 'Keywords'. */
  label: string;
}

/** Added keywords or skills as brand badges, each with a 'Remove {item}' button. */
export function RemovableBadgeList({ items, onRemove, label }: RemovableBadgeListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant="brand" className="py-1 pr-1 pl-3 text-sm">
            {item}
            <button
              type="button"
              onClick={() => onRemove(item)}
              aria-label={`Remove ${item}`}
              className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X aria-hidden="true" />
            </button>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
