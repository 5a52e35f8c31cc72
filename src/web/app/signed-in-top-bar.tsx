import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { appConfig } from '@/lib/app-config';

/** Placeholder top bar for members; the full bar (search, nav, Me menu) comes with its own issue. */
export function SignedInTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <Container size="wide" className="flex h-16 items-center justify-between gap-4">
        <Link to={paths.home} aria-label={`${appConfig.appName} home`} className="rounded-lg text-fg">
          <BrandMark />
        </Link>
        <nav aria-label="Main">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.help}>
              <LifeBuoy aria-hidden="true" />
              Help & Support
            </Link>
          </Button>
        </nav>
      </Container>
    </header>
  );
}
