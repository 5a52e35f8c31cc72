import { useEffect, useState } from 'react';
import { passwordStrength } from '@shared/domain/password-strength';
import { COMMON_PASSWORD_MESSAGE } from '@shared/schemas/auth';
import { cn } from '@/lib/cn';

const barColours = ['bg-danger-600', 'bg-danger-600', 'bg-warning-600', 'bg-brand-500', 'bg-success-600'] as const;

type CommonCheck = (password: string) => boolean;

/**
 * The server's common-password list, loaded once and only by the screens that show this hint
 * (it is too large for the main bundle).
 */
let commonCheck: Promise<CommonCheck> | undefined;
function loadCommonCheck(): Promise<CommonCheck> {
  commonCheck ??= import('@shared/domain/common-passwords').then((m) => m.isCommonPassword);
  return commonCheck;
}

/**
 * How strong the new password is (Weak/Fair/Good/Strong) and which rules it still misses, by the
 * server's own rule and common-password list: a password the server would refuse is never Strong.
 */
export function PasswordStrengthHint({ id, password }: { id: string; password: string }) {
  const [isCommon, setIsCommon] = useState<{ check: CommonCheck }>();
  useEffect(() => {
    let live = true;
    loadCommonCheck().then(
      (check) => live && setIsCommon({ check }),
      (error: unknown) => console.warn('Could not load the common-password list', error),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!password) return null;
  const { label, score, missing, common } = passwordStrength(password, isCommon?.check);
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
      {common ? <p className="text-sm text-fg-muted">{COMMON_PASSWORD_MESSAGE}</p> : null}
      {missing.length > 0 ? <p className="text-sm text-fg-muted">Missing: {missing.join(', ')}</p> : null}
    </div>
  );
}
