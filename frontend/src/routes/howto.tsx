import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '../components/ui/app-link';
import { RulesSections, rulesSections, rulesTitle } from '../features/rules/components/rules-sections';
import { useAuth } from '../lib/auth';

export const Route = createFileRoute('/howto')({
  component: HowToPage,
});

function HowToPage() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="page-body">
      <section className="card" aria-labelledby="howto-contents">
        <h1 id="howto-contents" className="card-title">
          {rulesTitle}
        </h1>
        <nav aria-label="目次">
          <ol className="rules-toc">
            {rulesSections.map((section) => (
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
      <RulesSections />
      <AppLink
        href={isAuthenticated ? '/gametop' : '/register'}
        className="button button--primary button--block"
      >
        {isAuthenticated ? 'ゲームをはじめる' : '新規登録してはじめる'}
      </AppLink>
    </div>
  );
}
