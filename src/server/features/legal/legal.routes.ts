import type { FastifyInstance } from 'fastify';
import { privacyPolicy, termsOfService } from '../../../shared/content/legal.js';
import type { LegalDocument } from '../../../shared/content/legal-types.js';
import type { AppConfig } from '../../config.js';
import { renderLegalPdf } from './legal-pdf.js';

const documents: Record<string, LegalDocument> = {
  '/terms-of-service.pdf': termsOfService,
  '/privacy-policy.pdf': privacyPolicy,
};

/** The legal documents as real PDF files, rendered once on first request and kept in memory. */
export async function legalRoutes(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const cache = new Map<string, Promise<Buffer>>();
  for (const [url, doc] of Object.entries(documents)) {
    app.get(url, async (_request, reply) => {
      let pdf = cache.get(url);
      if (!pdf) {
        pdf = renderLegalPdf(doc, opts.config.appName);
        cache.set(url, pdf);
        pdf.catch(() => cache.delete(url));
      }
      const bytes = await pdf;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${url.slice(1)}"`)
        .header('Cache-Control', 'public, max-age=3600')
        .send(bytes);
    });
  }
}
