/** One of our Markdown documents as the build renders it (frontend/build/markdown-documents.ts). */
export interface DocumentSection {
  /** Anchor id, stable across builds: `<name>-1`, `<name>-2`, ... in document order. */
  id: string;
  title: string;
  html: string;
}

export interface MarkdownDocument {
  title: string;
  sections: DocumentSection[];
}
