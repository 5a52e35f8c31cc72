import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { PROFILE_LIMITS } from '@shared/schemas/profile';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldDescribedBy } from '@/components/ui/form-field';

export interface SkillKeywordsInputProps {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** Toast when a sixth keyword is added ('Maximum 5 keywords allowed' / 'Maximum 5 skills allowed'). */
  maxMessage: string;
  error?: string | undefined;
  placeholder?: string;
}

/** Keywords added by button or Enter: trimmed, non-empty, no duplicates, at most 5, removable badges. */
export function SkillKeywordsInput({ id, value, onChange, onBlur, maxMessage, error, placeholder }: SkillKeywordsInputProps) {
  const [draft, setDraft] = useState('');
  const full = value.length >= PROFILE_LIMITS.keywordsMax;

  function handleAdd() {
    const keyword = draft.trim();
    if (keyword === '') return;
    if (full) {
      toast.error(maxMessage);
      return;
    }
    if (value.some((existing) => existing.toLowerCase() === keyword.toLowerCase())) {
      setDraft('');
      return;
    }
    onChange([...value, keyword.slice(0, PROFILE_LIMITS.keywordMax)]);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={PROFILE_LIMITS.keywordMax}
          placeholder={placeholder ?? 'e.g. gardening'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, { hint: true, error: Boolean(error) })}
        />
        <Button variant="outline" onClick={handleAdd} disabled={draft.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Added skills">
          {value.map((keyword) => (
            <li key={keyword}>
              <Badge variant="brand" className="py-1 pr-1 pl-3 text-sm">
                {keyword}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((k) => k !== keyword))}
                  aria-label={`Remove ${keyword}`}
                  className="inline-flex size-5 items-center justify-center rounded-full hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** '{n}/5 skills added'. */
export function skillsCounter(count: number): string {
  return `${count}/${PROFILE_LIMITS.keywordsMax} skills added`;
}
