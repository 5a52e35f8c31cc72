import { passwordStrength } from '@shared/domain/password-strength';
import { cn } from '@/lib/cn';

const barColours = ['bg-danger-600', 'bg-danger-600', 'bg-warning-600', 'bg-brand-500', 'bg-success-600'] as const;

/** How strong the new password is (Weak/Fair/Good/Strong) and which rules it still misses. */
export function PasswordStrengthHint({ id, password }: { id: string; password: string }) {
  if (!password) return null;
  const { label, score, missing } = passwordStrength(password);
  return (
    <div id={id} data-testid="password-strength" className="space-y-1.5 pt-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={cn('h-1.5 flex-1 rounded-full', bar <= score ? barColours[score] : 'bg-border')} />
        ))}
      </div>
      <p className="text-sm text-fg-muted">
        Password strength: <strong className="font-semibold text-fg">{label}</strong>
      </p>
      {missing.length > 0 ? <p className="text-sm text-fg-muted">Missing: {missing.join(', ')}</p> : null}
    </div>
  );
}
