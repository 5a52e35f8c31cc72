import { startOfToday, parseISO } from 'date-fns';
import { Plus } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { defaultAvailableUntil } from '@shared/domain/post-text';
import { POST_FORMATS, type PostFormat } from '@shared/domain/post-tags';
import { POST_LIMITS } from '@shared/schemas/posts';
import { Button } from '@/components/ui/button';
import { RemovableBadgeList } from '@/components/ui/removable-badge-list';
import { DatePicker } from '@/components/ui/date-picker';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { usePrimaryCategories } from '@/features/posts/api/get-categories';
import { FORMAT_LABELS } from '@/features/posts/lib/post-labels';

/** 'x/max' beside a label. */
export function CharCount({ value, max }: { value: string | null | undefined; max: number }) {
  return (
    <span className="text-xs text-fg-subtle tabular-nums">
      {(value ?? '').length}/{max}
    </span>
  );
}

export interface KeywordsInputProps {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  /** Told what is typed but not added yet (a half-typed keyword is unsaved data too). */
  onDraftChange?: (draft: string) => void;
}

/** Keywords (max 5, 20 characters each): Enter or Add, trimmed, no duplicates, removable badges. */
export function KeywordsInput({ id, value, onChange, error, onDraftChange }: KeywordsInputProps) {
  const [draft, setDraftState] = useState('');
  const setDraft = (next: string) => {
    setDraftState(next);
    onDraftChange?.(next);
  };
  const full = value.length >= POST_LIMITS.keywordsMax;

  function handleAdd() {
    const keyword = draft.trim();
    if (keyword === '' || full) return;
    setDraft('');
    if (value.some((existing) => existing.toLowerCase() === keyword.toLowerCase())) return;
    onChange([...value, keyword.slice(0, POST_LIMITS.keywordMax)]);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  }

  return (
    <FormField
      id={id}
      label="Keywords (Max 5, 20 chars each)"
      error={error}
      aside={
        <span className="text-xs text-fg-subtle tabular-nums">
          {value.length}/{POST_LIMITS.keywordsMax}
        </span>
      }
    >
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={POST_LIMITS.keywordMax}
          disabled={full}
          placeholder={full ? 'Maximum reached' : 'e.g. guitar'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id, { error: Boolean(error) })}
        />
        <Button variant="outline" onClick={handleAdd} disabled={full || draft.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <RemovableBadgeList items={value} label="Keywords" onRemove={(item) => onChange(value.filter((k) => k !== item))} />
    </FormField>
  );
}

const NO_FORMAT = 'none';

/** Preferred Format: In-person, Remote, Hybrid (both). */
export function FormatSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PostFormat | null | undefined;
  onChange: (format: PostFormat | null) => void;
}) {
  return (
    <FormField id={id} label="Preferred Format">
      <Select value={value ?? ''} onValueChange={(next) => onChange(next === NO_FORMAT ? null : (next as PostFormat))}>
        <SelectTrigger id={id}>
          <SelectValue placeholder="Select a format" />
        </SelectTrigger>
        <SelectContent>
          {/* The format is optional: a choice can be taken back. */}
          {value ? <SelectItem value={NO_FORMAT}>No preference</SelectItem> : null}
          {POST_FORMATS.map((format) => (
            <SelectItem key={format} value={format}>
              {FORMAT_LABELS[format]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

const NO_CATEGORY = 'none';

/** Category (Optional): the primary skill categories. */
export function CategoryField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: number | null | undefined;
  onChange: (categoryId: number | null) => void;
  error?: string | undefined;
}) {
  const categories = usePrimaryCategories();
  return (
    <FormField id={id} label="Category (Optional)" error={error}>
      <Select
        value={value ? String(value) : NO_CATEGORY}
        onValueChange={(next) => onChange(next === NO_CATEGORY ? null : Number(next))}
        disabled={categories.isPending}
      >
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue placeholder="Select a category" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_CATEGORY}>No category</SelectItem>
          {(categories.data ?? []).map((category) => (
            <SelectItem key={category.id} value={String(category.id)}>
              {category.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

export interface AvailabilityDatesProps {
  from: string | null | undefined;
  until: string | null | undefined;
  onFromChange: (value: string | null) => void;
  onUntilChange: (value: string | null) => void;
  fromError?: string | undefined;
  untilError?: string | undefined;
}

/**
 * Available From / Available Until. No past dates; the end cannot be before the start (or today).
 * Picking a start with no end sets the end 14 days later; each pick closes its picker.
 */
export function AvailabilityDates({ from, until, onFromChange, onUntilChange, fromError, untilError }: AvailabilityDatesProps) {
  const [openPicker, setOpenPicker] = useState<'from' | 'until' | null>(null);
  const today = startOfToday();

  function handleFrom(value: string | null) {
    onFromChange(value);
    if (value && (!until || until < value)) onUntilChange(defaultAvailableUntil(value));
    setOpenPicker(null);
  }

  function handleUntil(value: string | null) {
    onUntilChange(value);
    setOpenPicker(null);
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="available-from" label="Available From" error={fromError}>
        <DatePicker
          id="available-from"
          value={from}
          onChange={handleFrom}
          open={openPicker === 'from'}
          onOpenChange={(open) => setOpenPicker(open ? 'from' : null)}
          minDate={today}
          invalid={Boolean(fromError)}
          describedBy={fieldDescribedBy('available-from', { error: Boolean(fromError) })}
        />
      </FormField>
      <FormField id="available-until" label="Available Until" error={untilError}>
        <DatePicker
          id="available-until"
          value={until}
          onChange={handleUntil}
          open={openPicker === 'until'}
          onOpenChange={(open) => setOpenPicker(open ? 'until' : null)}
          minDate={from ? parseISO(from) : today}
          invalid={Boolean(untilError)}
          describedBy={fieldDescribedBy('available-until', { error: Boolean(untilError) })}
        />
      </FormField>
    </div>
  );
}

/**
 * The fields the create and edit dialogs share, under the names both schemas give them. The
 * parts below read the dialog's form through react-hook-form's context (`FormProvider`), so
 * one piece of markup serves both dialogs.
 */
interface SharedPostFields {
  title?: string | undefined;
  offering: string;
  lookingFor: string;
  keywords?: string[] | undefined;
  format?: PostFormat | null | undefined;
  availableFrom?: string | null | undefined;
  availableUntil?: string | null | undefined;
  preferredDays?: string | null | undefined;
  preferredTimes?: string | null | undefined;
  additionalContext?: string | null | undefined;
}

export interface PostTextFieldProps {
  id: string;
  name: 'offering' | 'lookingFor' | 'additionalContext';
  label: string;
  max: number;
  rows?: number;
  placeholder?: string | undefined;
  /** Shown under the field (the offering's quick suggestions). */
  hint?: ReactNode;
}

/** Title * with its x/80 counter: create and edit share the field, its rule and its messages. */
export function TitleField({ idPrefix }: { idPrefix: string }) {
  const { register, control, formState } = useFormContext<SharedPostFields>();
  const value = useWatch({ control, name: 'title' });
  const error = formState.errors.title?.message;
  const id = `${idPrefix}-title`;
  return (
    <FormField id={id} label="Title *" error={error} aside={<CharCount value={value} max={POST_LIMITS.titleMax} />}>
      <Input
        id={id}
        maxLength={POST_LIMITS.titleMax}
        placeholder="e.g. Guitar lessons for help with my garden"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error: Boolean(error) })}
        {...register('title')}
      />
    </FormField>
  );
}

/** A text area of the post form with its x/max counter and its error. */
export function PostTextField({ id, name, label, max, rows = 3, placeholder, hint }: PostTextFieldProps) {
  const { register, control, formState } = useFormContext<SharedPostFields>();
  const value = useWatch({ control, name });
  const error = formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} error={error} hint={hint} aside={<CharCount value={value} max={max} />}>
      <Textarea
        id={id}
        rows={rows}
        maxLength={max}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, { error: Boolean(error), hint: Boolean(hint) })}
        {...register(name)}
      />
    </FormField>
  );
}

/** What I'm Offering and What I'm Looking For (20 to 300 characters each). */
export function OfferingAndLookingFor({ idPrefix, placeholders = false, offeringHint }: { idPrefix: string; placeholders?: boolean; offeringHint?: ReactNode }) {
  return (
    <>
      <PostTextField
        id={`${idPrefix}-offering`}
        name="offering"
        label="What I'm Offering *"
        max={POST_LIMITS.textMax}
        placeholder={placeholders ? 'Describe the skill or service you can offer' : undefined}
        hint={offeringHint}
      />
      <PostTextField
        id={`${idPrefix}-looking-for`}
        name="lookingFor"
        label="What I'm Looking For *"
        max={POST_LIMITS.textMax}
        placeholder={placeholders ? "Describe what you'd like in return" : undefined}
      />
    </>
  );
}

/** Keywords bound to the form; `onDraftChange` hears what is typed but not added yet. */
export function KeywordsField({ idPrefix, onDraftChange }: { idPrefix: string; onDraftChange?: (draft: string) => void }) {
  const { field, fieldState } = useController<SharedPostFields, 'keywords'>({ name: 'keywords' });
  return (
    <KeywordsInput
      id={`${idPrefix}-keywords`}
      value={field.value ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
      onDraftChange={onDraftChange}
    />
  );
}

/** Preferred Format bound to the form. */
export function FormatField({ idPrefix }: { idPrefix: string }) {
  const { field } = useController<SharedPostFields, 'format'>({ name: 'format' });
  return <FormatSelect id={`${idPrefix}-format`} value={field.value} onChange={field.onChange} />;
}

/** Timing & Availability: the two dates, Preferred Days and Preferred Times. */
export function TimingFieldset({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<SharedPostFields>();
  const from = useController<SharedPostFields, 'availableFrom'>({ name: 'availableFrom' });
  const until = useController<SharedPostFields, 'availableUntil'>({ name: 'availableUntil' });
  const daysError = formState.errors.preferredDays?.message;
  const timesError = formState.errors.preferredTimes?.message;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Timing & Availability</legend>
      <AvailabilityDates
        from={from.field.value}
        until={until.field.value}
        onFromChange={from.field.onChange}
        onUntilChange={until.field.onChange}
        fromError={from.fieldState.error?.message}
        untilError={until.fieldState.error?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-days`} label="Preferred Days" error={daysError}>
          <Input id={`${idPrefix}-days`} maxLength={POST_LIMITS.preferredDaysMax} placeholder="e.g. Weekends" {...register('preferredDays')} />
        </FormField>
        <FormField id={`${idPrefix}-times`} label="Preferred Times" error={timesError}>
          <Input id={`${idPrefix}-times`} maxLength={POST_LIMITS.preferredTimesMax} placeholder="e.g. Evenings" {...register('preferredTimes')} />
        </FormField>
      </div>
    </fieldset>
  );
}

/** Additional Context (Optional), up to 500 characters. */
export function AdditionalContextField({ idPrefix, placeholder }: { idPrefix: string; placeholder?: string }) {
  return (
    <PostTextField
      id={`${idPrefix}-context`}
      name="additionalContext"
      label="Additional Context (Optional)"
      max={POST_LIMITS.additionalContextMax}
      rows={2}
      placeholder={placeholder}
    />
  );
}
