/** Our Markdown documents, rendered at build time (frontend/build/markdown-documents.ts, vite.config.ts). */
declare module 'virtual:doc/*' {
  // An ambient module may not import a relative path, but may name one in an import type.
  // oxlint-disable-next-line typescript/consistent-type-imports
  const document: import('./lib/markdown-document').MarkdownDocument;
  export default document;
}
