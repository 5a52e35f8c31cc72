import type { LegalDocument } from '@shared/content/legal-types';
import { ArrowLeft, FileText } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

/** React Router keeps its own history index in `history.state.idx`; 0 means this is the first entry. */
function hasPreviousEntry(): boolean {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0) return true;
  // The first page of this app session (the router's idx 0) may still have one of ours before it,
  // opened by a full page load (a link followed before the app had taken that page over).
  return window.history.length > 1 && document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
}

export interface LegalDocumentPageProps {
  document: LegalDocument;
  pdfHref: string;
}

/** Renders a legal document with a Back button and a link to its PDF version. */
export function LegalDocumentPage({ document, pdfHref }: LegalDocumentPageProps) {
  const navigate = useNavigate();

  function handleBack() {
    if (hasPreviousEntry()) void navigate(-1);
    else void navigate(paths.landing);
  }

  return (
    <Container size="narrow" className="py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={handleBack} className="-ml-3">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={pdfHref} target="_blank" rel="noopener">
            <FileText aria-hidden="true" />
            PDF version
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>

      <article className="mt-6 rounded-2xl border border-border bg-surface px-5 py-8 shadow-card sm:px-10 sm:py-12">
        <header className="border-b border-border pb-6">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{document.title}</h1>
          <p className="mt-2 text-sm text-fg-muted">Last updated {document.lastUpdated}</p>
        </header>
        <div className="mt-6 space-y-4 leading-relaxed text-fg">
          {document.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
            <div className="mt-3 space-y-3 leading-relaxed text-fg-muted">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </article>
    </Container>
  );
}
