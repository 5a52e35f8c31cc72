import PDFDocument from 'pdfkit';
import type { LegalDocument } from '../../../shared/content/legal-types.js';

/** Renders a legal document (the same text as its web page) into a PDF. */
export function renderLegalPdf(doc: LegalDocument, appName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 64,
      info: { Title: `${appName} ${doc.title}`, Author: appName, Subject: doc.title },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(22).fillColor('#0f172a').text(`${appName} ${doc.title}`);
    pdf.moveDown(0.3);
    pdf.font('Helvetica').fontSize(10).fillColor('#475569').text(`Last updated ${doc.lastUpdated}`);
    pdf.moveDown(1);
    pdf.fillColor('#0f172a').fontSize(11);
    for (const paragraph of doc.intro) {
      pdf.font('Helvetica').text(paragraph, { align: 'left', lineGap: 2 });
      pdf.moveDown(0.6);
    }
    doc.sections.forEach((section, index) => {
      pdf.moveDown(0.4);
      pdf.font('Helvetica-Bold').fontSize(13).text(`${index + 1}. ${section.heading}`);
      pdf.moveDown(0.3);
      pdf.font('Helvetica').fontSize(11);
      for (const paragraph of section.paragraphs) {
        pdf.text(paragraph, { lineGap: 2 });
        pdf.moveDown(0.5);
      }
    });
    pdf.end();
  });
}
