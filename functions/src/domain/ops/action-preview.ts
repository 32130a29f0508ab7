/**
 * What a correction, a withdrawal, a cancel or a deadline move would change, for its dry run: per
 * round the saved teams it touches, and the rankings whose values can move. The rankings come from
 * the table of personal rankings (shared/src/game/personal-ranking.ts): the action's before and after
 * are scored with the rules the ranking job uses (team-scoring.ts), which tells the record fields it
 * touches in each round (a pick's score, its birdies, its cut outcome, the round's penalty, whether
 * the round counts, who has an entry), and the types named are the rows that read one of them.
 *
 * - A round's personal rankings (the round tabs) are the standings after that round: a change in
 *   round r moves the tab of r and of every later round whose deadline has passed.
 * - A moved penalty (the field's worst + 1) moves the score of every penalised pick, empty slot and
 *   missing team; a penalty becoming known (or unknown) makes the round count (or not) for them.
 * - A round that starts or stops counting (cancelled, or its deadline moved) moves every type that
 *   reads whether a round counts; a deadline move also gives an entry to users whose only team is in
 *   that round (or takes it away), which moves the types that rank users without a team.
 * - The guild rankings and the yearly ranking are built from スコア: they move with it.
 *
 * functions/src/domain/ops/action-preview.test.ts checks it against the ranking job's rules on
 * random seasons. Teams are counted from the frozen round's summary (one Get), else by a COUNT
 * query of the round's team items (round-entries.ts). Read only.
 */
import { formatToPar } from '@golf/shared/game/format';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import {
  personalRankingTypes,
  rankingsReading,
  scoreRanking,
  withDerivedFields,
  type PersonalRankingType,
  type RecordField,
} from '@golf/shared/game/personal-ranking';
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

/** The saved teams the preview counts (those with a pick), as they are before the action. */
export interface TeamCounts {
  ofRound: (round: number) => Promise<number>;
  holding: (round: number, playerId: string) => Promise<number>;
}

/** The stored teams' counts. */
const storedTeams = (record: TournamentRecord, now: Date): TeamCounts => ({
  ofRound: (round) => teamsOfRound(record, round, now),
  holding: (round, playerId) => teamsHolding(record, round, playerId, now),
});

/**
 * The record fields one pick of the player touches between two scorings of its round: whether the
 * team's round counts (a pick that stops or starts being pending), the team's score, and the pick's
 * own values. A status that changes while the pick stays pending moves its score and its real
 * to-par once the round is scored.
 */
function pickFields(
  playerId: string,
  before: ScoringRound,
  after: ScoringRound,
  statusChanged: boolean,
): Set<RecordField> {
  const scoreBefore = pickScore(playerId, before);
  const scoreAfter = pickScore(playerId, after);
  const was = pickRecord(playerId, before, scoreBefore);
  const will = pickRecord(playerId, after, scoreAfter);
  const fields = new Set<RecordField>();
  const pendingBefore = scoreBefore.kind === 'pending';
  const pendingAfter = scoreAfter.kind === 'pending';
  if (pendingBefore !== pendingAfter) fields.add('state');
  else if (scoreBefore.to_par !== scoreAfter.to_par) fields.add('team_score');
  const completed = (to_par: number | null) => to_par !== null;
  const underPar = (to_par: number | null) => to_par !== null && to_par < 0;
  if (completed(was.to_par) !== completed(will.to_par)) fields.add('picks.completed');
  if (underPar(was.to_par) !== underPar(will.to_par)) fields.add('picks.under_par');
  for (const value of ['birdies', 'eagles', 'made_cut'] as const)
    if (was[value] !== will[value]) fields.add(`picks.${value}`);
  if (statusChanged && pendingBefore && pendingAfter)
    for (const field of ['team_score', 'picks.completed', 'picks.under_par'] as const) fields.add(field);
  return fields;
}

/** The penalty's fields: its value moves team scores; known or not decides whether no-team rounds count. */
function penaltyFields(before: ScoringRound, after: ScoringRound): RecordField[] {
  if (before.penalty === after.penalty) return [];
  return before.penalty === null || after.penalty === null ? ['state'] : ['team_score'];
}

const penaltyText = (penalty: number | null) => (penalty === null ? '未定' : formatToPar(penalty));

/**
 * The preview of an action that turns `before` into `after`: a cancel (rounds or the tournament
 * cancelled in `after`), a deadline move (a deadline of `after` on the other side of `now`), or a
 * change of one player's results or status (`playerId`).
 */
export async function previewAction(
  before: TournamentState,
  after: TournamentState,
  now: Date,
  playerId?: string,
  teams: TeamCounts = storedTeams(before.record, now),
): Promise<ActionPreview> {
  const nowIso = now.toISOString();
  const startedIn = (record: TournamentRecord) => (round: number) =>
    !isBeforeDeadline(nowIso, record.rounds[round - 1]!.deadline_at);
  const startedBefore = startedIn(before.record);
  const startedAfter = startedIn(after.record);
  const scoring = (state: TournamentState, round: number) =>
    indexTournamentRound(state.record, state.field, round, now);
  const entryOf = (state: TournamentState) =>
    playerId === undefined ? undefined : state.field.find((e) => e.player_id === playerId);
  const entryBefore = entryOf(before);
  const entryAfter = entryOf(after);
  const teams_affected: ActionPreview['teams_affected'] = [];
  /** Per round: the record fields the action touches in it. */
  const touched = new Map<number, Set<RecordField>>();
  const touch = (round: number, fields: Iterable<RecordField>) => {
    const set = touched.get(round) ?? new Set<RecordField>();
    for (const field of fields) set.add(field);
    if (set.size) touched.set(round, set);
  };
  const notes: string[] = [];
  const cancelledLater: number[] = [];
  const replacedLater: number[] = [];
  let entriesMove = false;
  /** A started round with teams cancelled: its users may lose their yearly entry (a team in a played round). */
  let yearlyEntriesMove = false;

  for (const stored of before.record.rounds) {
    const round = stored.round;
    if (stored.cancelled) continue;
    if (after.record.rounds[round - 1]!.cancelled) {
      const count = await teams.ofRound(round);
      if (count > 0) teams_affected.push({ round, teams: count });
      // A round counts for its users once its penalty is known (before, nothing of it is scored).
      if (!startedBefore(round)) cancelledLater.push(round);
      else {
        if (scoring(before, round).penalty !== null) touch(round, ['state']);
        if (count > 0) yearlyEntriesMove = true;
      }
      continue;
    }
    if (startedBefore(round) !== startedAfter(round)) {
      // Its records come or go: they count once its penalty is known; its teams' users gain or lose an entry.
      if (scoring(startedAfter(round) ? after : before, round).penalty !== null) touch(round, ['state']);
      if ((await teams.ofRound(round)) > 0) entriesMove = true;
      continue;
    }
    const statusWas = entryBefore && statusForRound(entryBefore, round as RoundNumber);
    const statusWill = entryAfter && statusForRound(entryAfter, round as RoundNumber);
    if (!startedAfter(round)) {
      // Before the deadline nothing is scored: a player who leaves is replaced in the teams at it.
      if (!playerId || statusWas !== 'active' || statusWill === 'active') continue;
      const count = await teams.holding(round, playerId);
      if (count > 0) {
        teams_affected.push({ round, teams: count });
        replacedLater.push(round);
      }
      continue;
    }
    const scoredBefore = scoring(before, round);
    const scoredAfter = scoring(after, round);
    const penalty = penaltyFields(scoredBefore, scoredAfter);
    if (penalty.length) {
      touch(round, penalty);
      notes.push(
        `第${round}ラウンドのペナルティが${penaltyText(scoredBefore.penalty)}から${penaltyText(scoredAfter.penalty)}に変わるため、予選落ち・棄権・失格の選手を選んだチームと、チームのないユーザーのスコアも変わります。`,
      );
    }
    // Whether the cut is settled (round 2 final and played) decides other players' cut outcomes too.
    for (const [id, made] of scoredAfter.madeCut)
      if (id !== playerId && scoredBefore.madeCut.get(id) !== made) touch(round, ['picks.made_cut']);
    if (!playerId) continue;
    const ofPick = pickFields(playerId, scoredBefore, scoredAfter, statusWas !== statusWill);
    if (ofPick.size) {
      const count = await teams.holding(round, playerId);
      if (count > 0) {
        teams_affected.push({ round, teams: count });
        touch(round, ofPick);
      }
    }
  }
  // An entry counts in the rounds that are scored: there a user without a team scores 4 x the penalty.
  const scoredRounds = after.record.rounds.filter(
    (stored) =>
      startedBefore(stored.round) &&
      startedAfter(stored.round) &&
      !stored.cancelled &&
      scoring(after, stored.round).penalty !== null,
  );
  if (entriesMove) for (const stored of scoredRounds) touch(stored.round, ['entry']);

  if (cancelledLater.length)
    notes.push(
      `${roundsPhrase(cancelledLater)}はまだ締め切り前で、ランキングにはまだ入っていません。保存済みのチームは数えられなくなります。`,
    );
  if (replacedLater.length)
    notes.push(
      `${roundsPhrase(replacedLater)}はまだ締め切り前です。この選手を選んだままのチームは、締め切りの時点で AI が調子で選んだ選手に自動で入れ替わります。`,
    );
  const moved = new Map(
    [...touched].map(([round, fields]) => [round, new Set(rankingsReading(withDerivedFields(fields)))]),
  );
  const yearly = yearlyEntriesMove && scoredRounds.length > 0;
  return { teams_affected, rankings: rankingsMoved(after.record, moved, startedAfter, yearly), notes };
}

/**
 * The boards the moved types change: each round tab from the first moved round on (its standings
 * count the rounds up to it), grouped while the types and the state (速報 or 確定) stay the same;
 * the guild tabs where スコア moves; the yearly ranking when スコア moves anywhere, or when users may
 * lose their yearly entry (`yearlyEntries`: a team only in a round cancelled; docs/game-rules.md, 年間ランキング).
 */
function rankingsMoved(
  after: TournamentRecord,
  moved: ReadonlyMap<number, ReadonlySet<PersonalRankingType>>,
  started: (round: number) => boolean,
  yearlyEntries: boolean,
): RankingImpact[] {
  const provisionalUpTo = (round: number) =>
    after.rounds.slice(0, round).some((r) => !r.cancelled && r.results !== 'final');
  const tabs: Array<{ round: number; types: PersonalRankingType[]; provisional: boolean }> = [];
  const sofar = new Set<PersonalRankingType>();
  for (const stored of after.rounds) {
    // A deadline moved later can leave a round out while the next one has started.
    if (!started(stored.round)) continue;
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
  const scored = tabs.filter((tab) => tab.types.includes(scoreRanking.type as PersonalRankingType));
  const impacts = [
    ...groups('personal', tabs),
    ...groups('guild', scored),
    ...(scored.length || yearlyEntries
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
