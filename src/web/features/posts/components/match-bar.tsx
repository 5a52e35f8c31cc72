import type { MatchInfo } from '@shared/schemas/matching';
import { cn } from '@/lib/cn';

/** Colour tiers of the bar (spec: 70 and 40 percent). */
function tierClasses(score: number): string {
  if (score >= 70) return 'bg-success-600';
  if (score >= 40) return 'bg-warning-600';
  return 'bg-danger-600';
}

/** 'Compatibility Match' percent bar (at least 5% wide), its note and up to 3 reasons. */
export function MatchBar({ match }: { match: MatchInfo }) {
  const score = Math.max(0, Math.min(100, Math.round(match.score)));
  return (
    <div className="space-y-1.5 rounded-lg bg-surface-muted p-3" data-testid="match-bar">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">Compatibility Match</span>
        <span className="font-semibold tabular-nums">{score}%</span>
      </div>
      <div
        role="meter"
        aria-label="Compatibility Match"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        className="h-2 overflow-hidden rounded-full bg-border"
      >
        <div className={cn('h-full rounded-full', tierClasses(score))} style={{ width: `${Math.max(5, score)}%` }} />
      </div>
      <p className="text-xs text-fg-muted">Complement-focused ranking with location and freshness factors</p>
      {match.reasons.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Why this matches">
          {match.reasons.slice(0, 3).map((reason) => (
            <li key={reason} className="rounded-full bg-surface px-2 py-0.5 text-xs text-fg-muted ring-1 ring-border">
              {reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
