import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { PageSkeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/empty-state';
import { aiPreviewQueryOptions, useAiPreview } from '@/features/game/api/get-ai-preview';
import { useSaveAiTeam } from '@/features/game/api/save-ai-team';
import { SaveError } from '@/components/ui/save-error';
import { TeamSaveStatus } from '@/components/ui/team-save-status';
import { aiModeLabels, aiModes, parseAiMode, parseRound } from '@/features/game/utils/labels';

export const Route = createFileRoute('/schedule/round/$round/draft/auto/$type')({
  staticData: {
    page: {
      title: 'AIセレクトモード',
      stackType: 'static',
      parent: '/schedule/round/$round',
      pageType: 'game',
    },
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      aiPreviewQueryOptions(parseRound(params.round), parseAiMode(params.type)),
    ),
  pendingComponent: () => <PageSkeleton cards={2} lines={4} />,
  component: AiModePage,
});

function AiModePage() {
  const params = Route.useParams();
  const round = parseRound(params.round);
  const type = parseAiMode(params.type);
  const preview = useAiPreview(round, type);
  const save = useSaveAiTeam(round, type);
  const navigate = useNavigate();
  const label = aiModeLabels[type];

  return (
    <div className="page-body">
      <nav className="segmented" aria-label="AIのタイプ">
        {aiModes.map((mode) => (
          <Link
            key={mode}
            to="/schedule/round/$round/draft/auto/$type"
            params={{ round: String(round), type: mode }}
            className="segmented__item"
            aria-current={mode === type ? 'page' : undefined}
          >
            {aiModeLabels[mode].title.replace('重視', '')}
          </Link>
        ))}
      </nav>
      <section className="card prose">
        <h2 className="card-title">{label.title}</h2>
        <p>{label.text}を選びます。</p>
        <p className="muted">
          {label.formula}数値は1ラウンドあたりのパーに対する予想で、小さいほど上位です。
        </p>
      </section>

      {preview.players.length === 0 ? (
        <EmptyState title="選べる選手がいません">このラウンドで選択できる選手がいません。</EmptyState>
      ) : (
        <ol className="slots" aria-label="AIが選ぶチーム">
          {preview.players.map((player, index) => (
            <li key={player.player_id} className="slot" data-testid="ai-player">
              <span className="slot__number">
                <small>DRAFT</small>
                {index + 1}
              </span>
              <div className="slot__body">
                <p className="slot__name">{player.name}</p>
                <p className="slot__kana">
                  {player.name_kana}
                  {player.is_amateur && <Badge tone="blue">アマ</Badge>}
                </p>
              </div>
              <strong className="slot__score">{player.ai_value.toFixed(2)}</strong>
            </li>
          ))}
        </ol>
      )}

      <TeamSaveStatus />
      <SaveError error={save.error} />
      <button
        type="button"
        className="button button--primary button--block"
        disabled={save.isPending || preview.players.length === 0}
        onClick={() =>
          save.mutate(undefined, {
            onSuccess: () =>
              void navigate({ to: '/schedule/round/$round', params: { round: String(round) } }),
          })
        }
      >
        {save.isPending ? '保存中…' : 'このチームで決定'}
      </button>
      <p className="muted">決定すると、今のチームはこの4人に置き換わります。</p>
    </div>
  );
}
