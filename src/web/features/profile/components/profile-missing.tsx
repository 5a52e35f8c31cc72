import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';

/** 'Profile not found', with an optional line and the way on (a button). */
export function ProfileMissing({ note, action }: { note?: string; action: ReactNode }) {
  return (
    <Container size="narrow" className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-surface-muted text-fg-muted">
        <UserRound aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Profile not found</h1>
      {note ? <p className="mt-2 text-fg-muted">{note}</p> : null}
      <div className="mt-6">{action}</div>
    </Container>
  );
}
