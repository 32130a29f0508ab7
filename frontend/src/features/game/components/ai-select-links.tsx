import { Link } from '@tanstack/react-router';
import { LinkCardBody } from '@/components/ui/link-card-body';
import { aiModeLabels, aiModes } from '../utils/labels';

/** AIセレクトモード: a link to each type of team the AI picks for the round. */
export function AiSelectLinks({ round }: { round: number }) {
  return (
    <section className="section" aria-labelledby="ai-heading">
      <h2 id="ai-heading" className="section__title">
        AIセレクトモード
      </h2>
      <p className="section__lead">タイプを選ぶと、AIが4人まとめて選びます。</p>
      <ul className="ai-links">
        {aiModes.map((type) => (
          <li key={type}>
            <Link
              to="/schedule/round/$round/draft/auto/$type"
              params={{ round: String(round), type }}
              className="card link-card"
            >
              <LinkCardBody icon="chart" title={aiModeLabels[type].title} text={aiModeLabels[type].text} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
