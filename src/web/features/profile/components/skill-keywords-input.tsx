import { Plus } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { PROFILE_LIMITS } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { RemovableBadgeList } from '@/components/ui/removable-badge-list';
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
      <RemovableBadgeList items={value} label="Added skills" onRemove={(item) => onChange(value.filter((k) => k !== item))} />
    </div>
  );
}

/** '{n}/5 skills added'. */
export function skillsCounter(count: number): string {
  return `${count}/${PROFILE_LIMITS.keywordsMax} skills added`;
}
