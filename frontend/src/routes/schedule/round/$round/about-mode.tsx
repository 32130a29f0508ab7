import { createFileRoute, Link } from '@tanstack/react-router';
import { AppLink } from '../../../../components/ui/app-link';
import { parseRound } from '../../../../features/game/utils/labels';
import { RulesSections } from '../../../../features/rules/components/rules-sections';

/** The sections of the rules document that explain how a team is chosen. */
const modeSections = ['遊び方', '選び方', '次のラウンドへの引き継ぎ'] as const;

export const Route = createFileRoute('/schedule/round/$round/about-mode')({
  component: AboutModePage,
});

function AboutModePage() {
  const round = parseRound(Route.useParams().round);
  return (
    <div className="page-body">
      <RulesSections titles={modeSections} />
      <AppLink href="/howto" className="text-link text-link--end">
        スコアの計算やランキングのルール
      </AppLink>
      <Link
        to="/schedule/round/$round"
        params={{ round: String(round) }}
        className="button button--primary button--block"
      >
        ラウンド {round} のチームへ
      </Link>
    </div>
  );
}
