/** A static legal document, rendered by the /terms and /privacy pages and by the PDF route. */
export interface LegalDocument {
  /** Page and PDF title, e.g. 'Terms of Service'. */
  title: string;
  /** Shown as 'Last updated {lastUpdated}'. */
  lastUpdated: string;
  /** Opening paragraph(s) before the numbered sections. */
  intro: string[];
  sections: LegalSection[];
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}
