import { useState } from 'react';
import { formatToPar } from '@golf/shared/game/format';
import type { z } from 'zod';
import type { otherTeamSchema, RoundScoreView } from '@golf/shared/schemas/game';
import { useUserTeam } from '../api/get-user-team';

type OtherTeam = z.infer<typeof otherTeamSchema>;

function scoreText(score: RoundScoreView): string {
  if (score.kind === 'cancelled') return '中止';
  if (score.kind === 'not_started') return '-';
  if (score.kind === 'pending' || score.score === null) return '集計中';
  return formatToPar(score.score);
}

function TeamLines({ team }: { team: OtherTeam }) {
  if (!team.team) return <p className="ranked-team__empty">チームなし（スコア {scoreText(team.score)}）</p>;
  return (
    <>
      <ol className="ranked-team__picks">
        {team.team.slots.map((pick, index) => (
          <li key={index + 1}>
            DRAFT {index + 1}：
            {pick ? (
              <>
                {pick.player.name}
                {pick.auto && <span className="slot__auto">(AUTO)</span>}
                {pick.score.to_par !== null && <span> {formatToPar(pick.score.to_par)}</span>}
              </>
            ) : (
              '未選択'
            )}
          </li>
        ))}
      </ol>
      <p className="ranked-team__score">チームスコア {scoreText(team.score)}</p>
    </>
  );
}

/**
 * A ranking row's name with the player's team for the round behind a button: asked for only when
 * opened, and shown only after the round's deadline (the server refuses before it).
 */
export function RankedTeam({
  userId,
  nickname,
  round,
  gameGlobalId,
  openAll = false,
}: {
  userId: string;
  nickname: string;
  round: number;
  /** The tournament of the ranking; the current one when absent. */
  gameGlobalId?: string;
  openAll?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const open = opened || openAll;
  const team = useUserTeam(round, userId, open, gameGlobalId);
  return (
    <div className="ranked-team" data-testid="ranked-team">
      <span>{nickname}</span>
      <button
        type="button"
        className="button button--outline button--small ranked-team__toggle"
        aria-expanded={open}
        aria-label={`${nickname}さんの第${round}ラウンドのチーム`}
        onClick={() => setOpened(!open)}
      >
        チーム
      </button>
      {open && (
        <div className="ranked-team__body" data-testid="ranked-team-body">
          {team.data ? (
            <TeamLines team={team.data} />
          ) : team.isError ? (
            <p className="ranked-team__empty">
              {team.error.message || 'ほかのユーザーのチームは締め切りの後に表示されます。'}
            </p>
          ) : (
            <p className="ranked-team__empty">読み込み中…</p>
          )}
        </div>
      )}
    </div>
  );
}
