import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import rules from 'virtual:doc/game-rules';
import { DocumentSections } from '@/components/ui/document-sections';
import { useAuth } from '@/lib/auth';

export const Route = createFileRoute('/howto')({
  staticData: { page: { title: '遊び方', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  component: HowToPage,
});

function HowToPage() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="page-body">
      <section className="card" aria-labelledby="howto-contents">
        <h2 id="howto-contents" className="card-title">
          {rules.title}
        </h2>
        <nav aria-label="目次">
          <ol className="document-toc">
            {rules.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-link"
                  onClick={(event) => {
                    // Scroll here rather than letting the fragment become a router navigation.
                    event.preventDefault();
                    document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth' });
                  }}
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </section>
      <DocumentSections sections={rules.sections} />
      <AppLink
        href={isAuthenticated ? '/gametop' : '/register'}
        className="button button--primary button--block"
      >
        {isAuthenticated ? 'ゲームをはじめる' : '新規登録してはじめる'}
      </AppLink>
    </div>
  );
}
