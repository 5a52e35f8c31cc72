import type { ReactNode } from 'react';
import { SiteFooter } from '@/app/site-footer';

/** The frame of the pages open to everyone: a top bar, the page as `main`, the site footer. */
export function PublicFrame({ topBar, children }: { topBar: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {topBar}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
