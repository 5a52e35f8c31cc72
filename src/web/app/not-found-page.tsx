import { House } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-bold tracking-tight text-brand-500 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-3 text-fg-muted">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.landing}>
          <House aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </section>
  );
}
