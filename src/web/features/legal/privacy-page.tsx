import { privacyPolicy } from '@shared/content/legal';
import { paths } from '@/lib/paths';
import { LegalDocumentPage } from '@/features/legal/legal-document-page';
import { useDocumentTitle } from '@/lib/use-document-title';

export function PrivacyPage() {
  useDocumentTitle(privacyPolicy.title);
  return <LegalDocumentPage document={privacyPolicy} pdfHref={paths.privacyPdf} />;
}
