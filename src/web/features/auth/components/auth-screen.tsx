import { X } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { stateFlag } from '@/features/auth/lib/location-state';
import { useDocumentTitle } from '@/lib/use-document-title';

const AuthDialog = lazy(async () => ({ default: (await import('@/features/auth/components/auth-dialog')).AuthDialog }));

export interface AuthScreenProps {
  title: string;
  description: string;
  children: ReactNode;
}

/**
 * Sign up and log in: a modal when the navigation state says `modal: true`, otherwise a full
 * page with a close button. Escape or close goes to the landing page either way.
 */
export function AuthScreen({ title, description, children }: AuthScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const asModal = stateFlag(location.state, 'modal');
  useDocumentTitle(title);

  useEffect(() => {
    if (asModal) return; // the dialog handles Escape itself
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) void navigate(paths.landing);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [asModal, navigate]);

  if (asModal) {
    return (
      <Suspense fallback={null}>
        <AuthDialog title={title} description={description} onClose={() => void navigate(paths.landing)}>
          {children}
        </AuthDialog>
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={title}
      description={<p>{description}</p>}
      corner={
        <button
          type="button"
          aria-label="Close"
          onClick={() => void navigate(paths.landing)}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      }
    >
      {children}
    </AuthCard>
  );
}
