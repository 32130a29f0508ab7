import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { markdownDocumentsPlugin, playersEndMarker } from './markdown-documents.ts';

const fromFrontend = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The app's Markdown documents as `virtual:doc/*` modules: for the build (vite.config.ts) and for the
 * screens rendered in tests (vitest.config.ts).
 */
export function appDocumentsPlugin(): Plugin {
  return markdownDocumentsPlugin({
    'game-rules': { file: fromFrontend('../docs/game-rules.md'), endMarker: playersEndMarker },
    faq: { file: fromFrontend('content/faq.md') },
    terms: { file: fromFrontend('content/terms.md') },
    'privacy-policy': { file: fromFrontend('content/privacy-policy.md') },
    company: { file: fromFrontend('content/company.md') },
  });
}
