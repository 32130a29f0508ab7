/**
 * What a correction, a withdrawal or a cancel would change, for its dry run: per round the saved
 * teams it touches, and the rankings whose values move, found by scoring the round before and after
 * the action with the rules the ranking job uses (functions/src/domain/ranking/recompute-inputs.ts
 * scores the teams, round-records.ts makes the records the personal types read).
 *
 * - A round's personal rankings (the round tabs) are the standings after that round: a change in
 *   round r moves the tab of r and of every later round whose deadline has passed.
 * - Of the personal types: a pick's score moves スコア, アンダーパー連続回数 and 上位10%連続回数
 *   (the team's round score); whether its real to-par is under par moves 打率; its birdies and
 *   eagles (counted only in a completed round) move バーディー数 and イーグル数; its cut outcome
 *   (picks of rounds 1-2) moves 予選通過成功率. A moved penalty (the field's worst + 1) moves the
 *   score of every penalised pick, empty slot and missing team.
 * - The guild rankings and the yearly ranking are built from スコア: they move with it.
 *
 * Teams are counted from the frozen round's summary (one Get), else by a COUNT query of the
 * round's team items (round-entries.ts). Read only.
 */
import { formatToPar } from '@golf/shared/game/format';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { personalRankingTypes, type PersonalRankingType } from '@golf/shared/game/personal-ranking';
import { statusForRound } from '@golf/shared/game/player-status';
import { rankingImpactLabel, roundsPhrase } from '@golf/shared/game/ranking-impact';
import type { FieldEntryRecord, TournamentRecord } from '@golf/shared/schedule/tournament-record';
import type { ActionPreview, RankingImpact } from '@golf/shared/schemas/ops';
import type { RoundNumber } from '@golf/shared/schemas/schedule';
import { teamsHolding, teamsOfRound } from '../game/round-entries';
import { indexTournamentRound, pickRecord, pickScore, type ScoringRound } from '../game/team-scoring';
import { stableEqual } from '../game/stable-equal';

/** The tournament and its field, before or after the action. */
export interface TournamentState {
  record: TournamentRecord;
  field: readonly FieldEntryRecord[];
}

/** The types a team's round score feeds. */
const scoreTypes: PersonalRankingType[] = [1, 2, 3];

/** The personal types one pick of the player moves between two scorings of its round. */
function pickTypes(playerId: string, before: ScoringRound, after: ScoringRound): PersonalRankingType[] {
  const scoreBefore = pickScore(playerId, before);
  const scoreAfter = pickScore(playerId, after);
  const was = pickRecord(playerId, before, scoreBefore);
  const will = pickRecord(playerId, after, scoreAfter);
  const hit = (to_par: number | null) => to_par !== null && to_par < 0;
  return [
    ...(stableEqual(scoreBefore, scoreAfter) ? [] : scoreTypes),
    ...(was.birdies !== will.birdies ? [4 as const] : []),
    ...(was.eagles !== will.eagles ? [5 as const] : []),
    ...(hit(was.to_par) !== hit(will.to_par) ? [6 as const] : []),
    ...(was.made_cut !== will.made_cut ? [7 as const] : []),
  ];
}

const penaltyText = (penalty: number | null) => (penalty === null ? '未定' : formatToPar(penalty));

/**
 * The preview of an action that turns `before` into `after`: a cancel (rounds or the tournament
 * cancelled in `after`), or a change of one player's results or status (`playerId`).
 */
export async function previewAction(
  before: TournamentState,
  after: TournamentState,
  now: Date,
  playerId?: string,
): Promise<ActionPreview> {
  const nowIso = now.toISOString();
  const record = before.record;
  const started = (round: number) => !isBeforeDeadline(nowIso, record.rounds[round - 1]!.deadline_at);
  const entryBefore = playerId ? before.field.find((e) => e.player_id === playerId) : undefined;
  const entryAfter = playerId ? after.field.find((e) => e.player_id === playerId) : undefined;
  const teams_affected: ActionPreview['teams_affected'] = [];
  /** Per started round: the personal types the action moves in it. */
  const moved = new Map<number, Set<PersonalRankingType>>();
  const notes: string[] = [];
  const cancelledLater: number[] = [];
  const replacedLater: number[] = [];

  for (const stored of record.rounds) {
    const round = stored.round;
    if (stored.cancelled) continue;
    if (after.record.rounds[round - 1]!.cancelled) {
      const teams = await teamsOfRound(record, round, now);
      if (teams > 0) teams_affected.push({ round, teams });
      if (started(round)) moved.set(round, new Set(personalRankingTypes));
      else cancelledLater.push(round);
      continue;
    }
    if (!entryBefore || !entryAfter || !playerId) continue;
    const statusWas = statusForRound(entryBefore, round as RoundNumber);
    const statusWill = statusForRound(entryAfter, round as RoundNumber);
    if (!started(round)) {
      // Before the deadline nothing is scored: a player who leaves is replaced in the teams at it.
      if (statusWas !== 'active' || statusWill === 'active') continue;
      const teams = await teamsHolding(record, round, playerId, now);
      if (teams > 0) {
        teams_affected.push({ round, teams });
        replacedLater.push(round);
      }
      continue;
    }
    const scoredBefore = indexTournamentRound(record, before.field, round, now);
    const scoredAfter = indexTournamentRound(after.record, after.field, round, now);
    const types = new Set<PersonalRankingType>();
    if (scoredBefore.penalty !== scoredAfter.penalty) {
      scoreTypes.forEach((type) => types.add(type));
      notes.push(
        `第${round}ラウンドのペナルティが${penaltyText(scoredBefore.penalty)}から${penaltyText(scoredAfter.penalty)}に変わるため、予選落ち・棄権・失格の選手を選んだチームと、チームのないユーザーのスコアも変わります。`,
      );
    }
    const ofPick = pickTypes(playerId, scoredBefore, scoredAfter);
    // A status that changes while the round is still pending moves its score once it is scored.
    if (statusWas !== statusWill) [...scoreTypes, 6 as const].forEach((type) => ofPick.push(type));
    if (ofPick.length) {
      const teams = await teamsHolding(record, round, playerId, now);
      if (teams > 0) {
        teams_affected.push({ round, teams });
        ofPick.forEach((type) => types.add(type));
      }
    }
    if (types.size) moved.set(round, types);
  }

  if (cancelledLater.length)
    notes.push(
      `${roundsPhrase(cancelledLater)}はまだ締め切り前で、ランキングにはまだ入っていません。保存済みのチームは数えられなくなります。`,
    );
  if (replacedLater.length)
    notes.push(
      `${roundsPhrase(replacedLater)}はまだ締め切り前です。この選手を選んだままのチームは、締め切りの時点で AI が調子で選んだ選手に自動で入れ替わります。`,
    );
  return { teams_affected, rankings: rankingsMoved(after.record, moved, started), notes };
}

/**
 * The boards the moved types change: each round tab from the first moved round on (its standings
 * count the rounds up to it), grouped while the types and the state (速報 or 確定) stay the same;
 * the guild tabs where スコア moves; the yearly ranking when スコア moves anywhere.
 */
function rankingsMoved(
  after: TournamentRecord,
  moved: ReadonlyMap<number, ReadonlySet<PersonalRankingType>>,
  started: (round: number) => boolean,
): RankingImpact[] {
  const provisionalUpTo = (round: number) =>
    after.rounds.slice(0, round).some((r) => !r.cancelled && r.results !== 'final');
  const tabs: Array<{ round: number; types: PersonalRankingType[]; provisional: boolean }> = [];
  const sofar = new Set<PersonalRankingType>();
  for (const stored of after.rounds) {
    if (!started(stored.round)) break;
    moved.get(stored.round)?.forEach((type) => sofar.add(type));
    if (sofar.size === 0) continue;
    tabs.push({
      round: stored.round,
      types: personalRankingTypes.filter((type) => sofar.has(type)),
      provisional: provisionalUpTo(stored.round),
    });
  }
  const groups = (board: 'personal' | 'guild', of: typeof tabs) => {
    const impacts: Array<Omit<RankingImpact, 'label'>> = [];
    for (const tab of of) {
      const types = board === 'personal' ? tab.types : [];
      const last = impacts.at(-1);
      if (last && last.provisional === tab.provisional && stableEqual(last.types, types))
        last.rounds.push(tab.round);
      else impacts.push({ board, rounds: [tab.round], types, provisional: tab.provisional });
    }
    return impacts;
  };
  const scored = tabs.filter((tab) => tab.types.includes(1));
  const impacts = [
    ...groups('personal', tabs),
    ...groups('guild', scored),
    ...(scored.length
      ? [
          {
            board: 'yearly' as const,
            rounds: [],
            types: [],
            provisional: after.rounds.some((r) => !r.cancelled && r.results !== 'final'),
          },
        ]
      : []),
  ];
  return impacts.map((impact) => ({ ...impact, label: rankingImpactLabel(impact) }));
}
