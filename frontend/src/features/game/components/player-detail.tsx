import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { PlayerDetail, FieldPlayer } from '@golf/shared/schemas/game';
import { formatToPar } from '@golf/shared/game/format';
import type { DraftSlot } from '@golf/shared/game/team';
import { Badge } from '@/components/ui/badge';
import { useSavePick } from '../api/save-pick';
import { ineligibleLabels } from '../utils/labels';
import { IndicatorBars } from './indicator-bars';
import { PlayerStats } from './player-stats';
import { SaveError } from '@/components/ui/save-error';
import { TeamSaveStatus } from '@/components/ui/team-save-status';

/** A player's page inside a draft: profile, indicators, stats, rounds, and the button that picks him. */
export function PlayerDetailView({
  round,
  draft,
  detail,
  fieldPlayer,
  pickedIn,
}: {
  round: number;
  draft: DraftSlot;
  detail: PlayerDetail;
  fieldPlayer: FieldPlayer | undefined;
  /** The slot of the team he is already in: he cannot be picked again. */
  pickedIn: DraftSlot | undefined;
}) {
  const navigate = useNavigate();
  const save = useSavePick(round, draft);
  // Set at the tap itself: a second tap before the screen renders the pending save sends nothing.
  const sending = useRef(false);
  const { player } = detail;
  const eligible = fieldPlayer?.eligible ?? false;
  const reason = fieldPlayer?.ineligible_reason ?? 'not_in_field';
  const indicators = fieldPlayer?.indicators ?? detail.indicators;

  return (
    <div className="page-body">
      <section className="card player-head">
        <p className="player-head__slot">ドラフト{draft} の候補</p>
        <h2 className="player-head__name" data-testid="player-name">
          {player.name}
        </h2>
        <p className="player-head__kana">{player.name_kana}</p>
        <p className="player-head__meta">
          <span>{player.country}</span>
          <span>世界ランク {player.world_rank ?? '-'}</span>
          {player.is_amateur && <Badge tone="blue">アマ</Badge>}
          {!eligible && <Badge tone="red">{ineligibleLabels[reason]}</Badge>}
          {pickedIn !== undefined && <Badge tone="green">ドラフト{pickedIn}で選択中</Badge>}
        </p>
      </section>

      {indicators && (
        <section className="card" aria-label="指標">
          <h3 className="card-title">指標</h3>
          <IndicatorBars indicators={indicators} />
        </section>
      )}

      <section className="card" aria-label="この大会のスコア">
        <h3 className="card-title">この大会</h3>
        <ul className="round-line">
          {[0, 1, 2, 3].map((index) => {
            const line = detail.rounds[index] ?? null;
            return (
              <li key={index}>
                <span>R{index + 1}</span>
                <strong>{line?.to_par == null ? '-' : formatToPar(line.to_par)}</strong>
              </li>
            );
          })}
          <li>
            <span>通算</span>
            <strong data-testid="player-tournament-total">
              {detail.tournament_to_par === null ? '-' : formatToPar(detail.tournament_to_par)}
            </strong>
          </li>
        </ul>
      </section>

      <section className="card" aria-label="シーズン成績">
        <h3 className="card-title">シーズン成績</h3>
        <PlayerStats stats={detail.stats} isAmateur={player.is_amateur} />
      </section>

      <div className="sticky-action">
        <TeamSaveStatus />
        <SaveError error={save.error} />
        {pickedIn !== undefined ? (
          <p className="notice" data-testid="already-picked">
            {pickedIn === draft
              ? `この選手はドラフト${draft}で選択中です。`
              : `この選手はすでにドラフト${pickedIn}で選んでいます。同じ選手は2つのドラフトで選べません。`}
          </p>
        ) : eligible ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={save.isPending}
            onClick={() => {
              if (sending.current) return;
              sending.current = true;
              save.mutate(player.player_id, {
                onSuccess: () =>
                  void navigate({ to: '/schedule/round/$round', params: { round: String(round) } }),
                onSettled: () => {
                  sending.current = false;
                },
              });
            }}
          >
            {save.isPending ? '保存中…' : '選択する'}
          </button>
        ) : (
          <p className="notice">
            この選手は{ineligibleLabels[reason]}のため、このラウンドでは選択できません。
          </p>
        )}
      </div>
    </div>
  );
}
