import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { DocumentSection, MarkdownDocument } from '@/lib/markdown-document';

type Variant = 'cards' | 'article' | 'accordion';

/**
 * Sections of one of our Markdown documents (rendered to HTML at build time from files in the
 * repository, never from user input, so setting the HTML directly is safe). `cards`: a card per
 * section; `article`: one card; `accordion`: a question per section that opens in place.
 */
export function DocumentSections({
  sections,
  variant = 'cards',
}: {
  sections: readonly DocumentSection[];
  variant?: Variant;
}) {
  const router = useRouter();
  // Links inside the documents are plain anchors; in-site ones navigate within the app.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  const body = (section: DocumentSection) => (
    <div className="prose document-prose" dangerouslySetInnerHTML={{ __html: section.html }} />
  );

  if (variant === 'accordion')
    return (
      <div className="card card--flush document-accordion" onClick={onClick}>
        {sections.map((section) => (
          <details key={section.id} id={section.id} className="document-accordion__item">
            <summary className="document-accordion__question">{section.title}</summary>
            {body(section)}
          </details>
        ))}
      </div>
    );

  if (variant === 'article')
    return (
      <article className="card document-article" onClick={onClick}>
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="document-section">
            <h2 className="document-article__heading">{section.title}</h2>
            {body(section)}
          </section>
        ))}
      </article>
    );

  return (
    <div className="document-cards" onClick={onClick}>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="card document-section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`} className="card-title">
            {section.title}
          </h2>
          {body(section)}
        </section>
      ))}
    </div>
  );
}

/** A whole page of one document (terms, privacy policy, company) in one card; the title bar names it. */
export function DocumentPage({ document }: { document: MarkdownDocument }) {
  return (
    <div className="page-body">
      <DocumentSections sections={document.sections} variant="article" />
    </div>
  );
}
