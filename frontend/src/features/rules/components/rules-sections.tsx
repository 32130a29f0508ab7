import rules from 'virtual:game-rules';

export const rulesTitle = rules.title;
export const rulesSections = rules.sections;

/**
 * Sections of docs/game-rules.md, rendered to HTML at build time from our own document (never from
 * user input), so setting the HTML directly is safe.
 */
export function RulesSections({ titles }: { titles?: readonly string[] }) {
  const shown = titles ? rules.sections.filter((section) => titles.includes(section.title)) : rules.sections;
  return (
    <>
      {shown.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="card rules-section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`} className="card-title">
            {section.title}
          </h2>
          <div className="prose rules-prose" dangerouslySetInnerHTML={{ __html: section.html }} />
        </section>
      ))}
    </>
  );
}
