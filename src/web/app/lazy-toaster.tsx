import { lazy, Suspense } from 'react';
import { useToasterWanted } from '@/lib/lazy-toast';

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** sonner's Toaster, loaded and mounted once a page may toast (lib/lazy-toast.ts). */
export function LazyToaster() {
  const toasterWanted = useToasterWanted();
  if (!toasterWanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom left: toasts never cover the top bar or a dialog's title, and on a desktop they
          keep clear of dialog buttons (right-aligned); phones show them full-width at the bottom. */}
      <Toaster richColors closeButton position="bottom-left" />
    </Suspense>
  );
}
