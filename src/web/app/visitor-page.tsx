import type { ReactNode } from 'react';
import { LazyToaster } from '@/app/lazy-toaster';
import { PublicFrame } from '@/app/public-frame';
import { SkipLink } from '@/app/skip-link';
import { VisitorTopBar } from '@/app/visitor-top-bar';
import { useScrollToTopOnPageChange } from '@/lib/scroll';

/**
 * The frame a public page's own first load (landing-app.tsx, sign-in-app.tsx) shows around its
 * page: the same skip link, visitor top bar, footer and toaster as the whole app's layouts
 * (root-layout.tsx, public-layout.tsx). `notices`: fixed notices the page needs (the busy pill).
 */
export function VisitorPage({ children, notices }: { children: ReactNode; notices?: ReactNode }) {
  useScrollToTopOnPageChange();
  return (
    <>
      <SkipLink />
      <PublicFrame topBar={<VisitorTopBar />}>{children}</PublicFrame>
      {notices}
      <LazyToaster />
    </>
  );
}
