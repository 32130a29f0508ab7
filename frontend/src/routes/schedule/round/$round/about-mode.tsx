import { createFileRoute, Link } from '@tanstack/react-router';
import rules from 'virtual:doc/game-rules';
import { AppLink } from '@/components/ui/app-link';
import { DocumentSections } from '@/components/ui/document-sections';
import { parseRound } from '@/features/game/utils/labels';

/** The sections of the rules document that explain how a team is chosen. */
const modeSections: readonly string[] = ['遊び方', '選び方', '次のラウンドへの引き継ぎ'];

export const Route = createFileRoute('/schedule/round/$round/about-mode')({
  staticData: {
    page: {
      title: 'ラウンド {round}',
      stackType: 'static',
      parent: '/schedule/round/$round',
      pageType: 'game',
    },
  },
  component: AboutModePage,
});

function AboutModePage() {
  const round = parseRound(Route.useParams().round);
  return (
    <div className="page-body">
      <DocumentSections sections={rules.sections.filter((section) => modeSections.includes(section.title))} />
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
