import { LoaderCircle } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A page that is waiting on the server (checking a link): a spinner and what it is doing. */
export function PendingView({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" />
      <h1 className="text-lg font-medium text-fg-muted">{title}</h1>
    </div>
  );
}
