import { aboutWordsHint, PROFILE_LIMITS } from '@shared/schemas/profile';
import { countWords } from '@shared/domain/word-count';
import { cn } from '@/lib/cn';

/** The live helper under About Me: the word count and, outside 40-200 words, what to do. */
export function AboutMeHint({ text }: { text: string }) {
  const words = countWords(text);
  const hint = aboutWordsHint(text);
  return (
    <span className="flex flex-wrap items-center justify-between gap-x-3">
      <span className={cn(hint && words > 0 && 'text-warning-700')}>{hint ?? 'Looks good'}</span>
      <span aria-live="polite">
        {words}/{PROFILE_LIMITS.aboutWordsMax} words
      </span>
    </span>
  );
}
