import { Bell, ChevronRight, Fingerprint, Handshake, Mail, MessageSquareReply, Phone, ShieldCheck, Star, UserCog, Wrench, Lock } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  VERIFICATION_BADGES,
  type TrustScoreSummary,
  type VerificationResponse,
  type VerificationStatus,
  type VerificationStep,
  type VerificationStepId,
} from '@shared/schemas/verification';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';
import { useVerification } from '@/features/verification/api/get-verification';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

const STEP_ICONS: Record<VerificationStepId, Icon> = { email: Mail, phone: Phone, identity: Fingerprint, skills: Wrench };

const BADGE_VARIANTS: Record<VerificationStatus, NonNullable<BadgeProps['variant']>> = {
  verified: 'success',
  in_progress: 'brand',
  pending: 'warning',
  not_started: 'neutral',
};

/** The spec's static account-settings rows, each opening its tab of /settings. */
const SETTINGS_ROWS: { label: string; description: string; to: string; icon: Icon }[] = [
  { label: 'Account', description: 'Name, email and password', to: paths.settings, icon: UserCog },
  { label: 'Notifications', description: 'Email notifications, new messages and weekly digest', to: `${paths.settings}?tab=notifications`, icon: Bell },
  { label: 'Privacy', description: 'Profile visibility, location sharing and match suggestions', to: `${paths.settings}?tab=privacy`, icon: Lock },
];

function ProgressCard({ data }: { data: VerificationResponse }) {
  return (
    <Card data-testid="verification-progress">
      <CardHeader className="pb-3 sm:pb-3">
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle as="h2">Verification Progress</CardTitle>
          <span className="text-2xl font-semibold tabular-nums text-brand-700" data-testid="progress-percent">
            {data.progressPercent}%
          </span>
        </div>
        <CardDescription>
          {data.completedSteps} of {data.steps.length} steps completed
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          role="progressbar"
          aria-label="Verification progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={data.progressPercent}
          aria-valuetext={`${data.progressPercent}%`}
          className="h-2.5 overflow-hidden rounded-full bg-surface-muted"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width] motion-reduce:transition-none" style={{ width: `${data.progressPercent}%` }} />
        </div>
      </CardContent>
    </Card>
  );
}

function StepCard({ step }: { step: VerificationStep }) {
  const Icon = STEP_ICONS[step.id];
  const detailId = `verification-step-${step.id}-detail`;
  const done = step.status === 'verified';
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4 sm:p-5" data-testid={`verification-step-${step.id}`}>
        <div className="flex items-center gap-3">
          <span
            className={
              done
                ? 'inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-success-50 text-success-700'
                : 'inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-muted text-fg-muted'
            }
          >
            <Icon aria-hidden className="size-5" />
          </span>
          <Badge variant={BADGE_VARIANTS[step.status]} className="ml-auto" data-testid="step-status">
            {VERIFICATION_BADGES[step.status]}
          </Badge>
        </div>
        <div>
          <h3 className="font-semibold leading-snug">{step.title}</h3>
          <p className="mt-1 text-sm text-fg-muted">{step.description}</p>
        </div>
        <p id={detailId} className="text-sm" data-testid="step-detail">
          {step.detail}
        </p>
        {done ? null : step.id === 'email' ? null : (
          // The spec's Start button; the step cannot be done yet, and the line above says so.
          <div className="mt-auto">
            <Button variant="outline" size="sm" disabled aria-describedby={detailId}>
              Start
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

function Figure({ icon: Icon, label, value, note, testId }: { icon: Icon; label: string; value: ReactNode; note?: string; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-surface-muted p-3" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        <Icon aria-hidden className="size-3.5" />
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid="figure-value">
        {value}
      </dd>
      {note ? <dd className="text-xs text-fg-muted">{note}</dd> : null}
    </div>
  );
}

function TrustScoreCard({ trust }: { trust: TrustScoreSummary }) {
  const rated = trust.averageRating !== null && trust.ratingCount > 0;
  return (
    <Card data-testid="trust-score">
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-brand-700" />
          Trust Score
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="flex items-baseline gap-1.5">
          <span className="shrink-0 text-4xl font-semibold whitespace-nowrap tabular-nums text-brand-700" data-testid="trust-score-value">
            {trust.score === null ? '--' : trust.score}
          </span>
          <span className="text-sm text-fg-muted">
            {trust.score === null ? 'No score yet: it starts with your first completed exchange.' : 'out of 100'}
          </span>
        </p>
        <dl className="grid grid-cols-2 gap-2">
          <Figure testId="trust-completed" icon={Handshake} label="Completed exchanges" value={trust.completedExchanges} />
          <Figure
            testId="trust-rating"
            icon={Star}
            label="Average rating"
            value={rated ? (trust.averageRating ?? 0).toFixed(1) : '--'}
            note={rated ? 'out of 5' : 'No ratings yet'}
          />
          <Figure testId="trust-ratings" icon={Star} label="Ratings" value={trust.ratingCount} />
          <Figure
            testId="trust-response"
            icon={MessageSquareReply}
            label="Response rate"
            value={trust.responseRate === null ? '--' : `${trust.responseRate}%`}
            note={
              trust.responseRate === null
                ? 'Shown from 3 requests in 90 days'
                : `${trust.requestsAnswered} of ${trust.requestsReceived} requests, 90 days`
            }
          />
        </dl>
        <p className="text-xs text-fg-muted" data-testid="trust-explanation">
          {trust.explanation}
        </p>
      </CardContent>
    </Card>
  );
}

function SettingsRows() {
  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle as="h2">Account Settings</CardTitle>
      </CardHeader>
      <CardContent className="px-2 pb-2 sm:px-3 sm:pb-3">
        <ul>
          {SETTINGS_ROWS.map(({ label, description, to, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg p-3 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{label}</span>
                  <span className="block text-sm text-fg-muted">{description}</span>
                </span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading verification" className="grid gap-6 lg:grid-cols-3">
      <div className="grid gap-4 lg:col-span-2">
        <Skeleton className="h-32 w-full rounded-xl" />
        <div className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      </div>
      <div className="grid content-start gap-4">
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    </div>
  );
}

/** /verification ('Verification & Settings'): the four steps, progress, Trust Score and settings rows. */
export function VerificationPage() {
  useDocumentTitle('Verification & Settings');
  const query = useVerification();
  const data = query.data;

  return (
    <Container className="py-6 sm:py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verification &amp; Settings</h1>
        <p className="mt-1 text-fg-muted">Verify your account and see how the community can trust you.</p>
      </div>
      {data ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="flex flex-col gap-4 lg:col-span-2">
            <ProgressCard data={data} />
            <section aria-labelledby="verification-steps-heading">
              <h2 id="verification-steps-heading" className="sr-only">
                Verification steps
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {data.steps.map((step) => (
                  <StepCard key={step.id} step={step} />
                ))}
              </ul>
            </section>
          </div>
          <div className="flex flex-col gap-4">
            <TrustScoreCard trust={data.trustScore} />
            <SettingsRows />
          </div>
        </div>
      ) : query.isError ? (
        <Card className="flex flex-col items-start gap-3 p-5" role="alert">
          <p className="font-medium">Your verification could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Try again
          </Button>
        </Card>
      ) : (
        <PageSkeleton />
      )}
    </Container>
  );
}
