import { termsOfService } from '@shared/content/legal';
import { paths } from '@/lib/paths';
import { LegalDocumentPage } from '@/features/legal/legal-document-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export function TermsPage() {
  useDocumentTitle(termsOfService.title);
  return <LegalDocumentPage document={termsOfService} pdfHref={paths.termsPdf} />;
}
