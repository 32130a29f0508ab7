/**
 * What the round, field, player and score screens read. A user's team for a round is read as it is
 * played (settled-team.ts): a round whose deadline has passed shows its settled team even before
 * the carry-over job has stored it.
 */
import { aiScore, rankPlayers, type AiMode } from '@golf/shared/game/ai-selection';
import { canSeeOtherTeams, isBeforeDeadline } from '@golf/shared/game/lock';
import { tournamentScore } from '@golf/shared/game/scoring';
import { deriveSchedule } from '@golf/shared/schedule/derive-schedule';
import type { FieldEntryRecord } from '@golf/shared/schedule/tournament-record';
import type {
  AuditRecord,
  FieldPlayer,
  MyScore,
  PlayerDetail,
  RoundField,
  RoundView,
  TeamView,
} from '@golf/shared/schemas/game';
import type { IndexedRound } from '@golf/shared/game/scoring';
import { playerRepository } from '../../db/repositories/player-repository';
import { auditRepository } from '../../db/repositories/audit-repository';
import type { TeamRecord } from '../../db/repositories/team-repository';
import { tournamentRepository } from '../../db/repositories/tournament-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { notFound, refusal } from '../../lib/errors';
import {
  aiStats,
  indicatorsFor,
  roundsWithResults,
  tournamentFigures,
  ineligibility,
  ineligibleMessages,
  playerSummary,
  seasonStats,
} from './players';
import { teamAsSettled, teamsAsSettled } from './settled-team';
import { indexTournamentRound, pickScore, teamScore } from './team-scoring';
import { loadRoundContext, resolveTournament, type RoundContext } from './tournament-context';

const roundLine = (entry: FieldEntryRecord | undefined, round: number) => {
  const result = entry?.rounds[round - 1];
  return result ? { round, ...result } : null;
};

function teamView(
  team: TeamRecord | undefined,
  context: RoundContext,
  indexed: IndexedRound,
): TeamView | null {
  if (!team || team.picks.length === 0) return null;
  const slots = [1, 2, 3, 4].map((slot) => {
    const pick = team.picks.find((p) => p.slot === slot);
    if (!pick) return null;
    const entry = context.byId.get(pick.player_id);
    const summary = entry
      ? playerSummary(entry, context.profiles.get(pick.player_id))
      : {
          player_id: pick.player_id,
          name: pick.player_id,
          name_kana: '',
          country: '',
          world_rank: null,
          is_amateur: false,
          photo_url: null,
          status: 'wd' as const,
        };
    const started = indexed.byPlayer.size > 0;
    const score = started
      ? pickScore(pick.player_id, indexed)
      : { kind: 'pending' as const, to_par: null, reason: null };
    return { slot, auto: pick.auto, player: summary, result: roundLine(entry, team.round), score };
  });
  return { source: team.source, last_saved_at: team.last_saved_at, slots };
}

const noteless = new Set<AuditRecord['action']>(['mark_final', 'cancel_round', 'cancel_tournament']);

export async function roundView(input: {
  userId: string;
  gameGlobalId: string | undefined;
  round: number;
  now: Date;
}): Promise<RoundView> {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const [context, team, audit, copiesNextRound] = await Promise.all([
    loadRoundContext(record, input.round, { cached: true }),
    teamAsSettled(record, input.round, input.userId, input.now),
    auditRepository.list(record.game_global_id),
    userRepository.copyNextRound(input.userId),
  ]);
  const schedule = deriveSchedule(record, input.now);
  const scheduleRound = schedule.rounds[input.round - 1]!;
  const indexed = indexTournamentRound(record, context.field, input.round, input.now);
  const nowIso = input.now.toISOString();
  const open = scheduleRound.status !== 'cancelled' && isBeforeDeadline(nowIso, scheduleRound.deadline_at);
  const warnings = open
    ? (team?.picks ?? []).flatMap((pick) => {
        const reason = ineligibility(context.byId.get(pick.player_id), input.round);
        return reason
          ? [
              {
                slot: pick.slot,
                player_id: pick.player_id,
                reason,
                message: `${ineligibleMessages[reason]}締め切りまでに入れ替えない場合、AIが自動で選手を入れ替えます。`,
              },
            ]
          : [];
      })
    : [];
  const notes = audit
    // Cancellations are shown from the round's cancel note; final marks are the status badge.
    .filter((a) => a.round === input.round && !noteless.has(a.action))
    .reverse()
    .map((a) => a.note);
  return {
    game_global_id: record.game_global_id,
    tournament_name: record.tournament_name,
    round: scheduleRound,
    is_open: open,
    teams_visible: canSeeOtherTeams(nowIso, scheduleRound.deadline_at),
    team: teamView(team, context, indexed),
    // Before the deadline nothing is counted, whatever the team holds.
    score: open
      ? { kind: 'not_started', score: null, provisional: true }
      : teamScore(team?.picks.length ? team : undefined, indexed),
    warnings,
    notes,
    is_copy_next_round: copiesNextRound,
  };
}

export async function otherUserTeam(input: {
  viewerId: string;
  userId: string;
  gameGlobalId: string | undefined;
  round: number;
  now: Date;
}) {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const stored = record.rounds[input.round - 1]!;
  if (input.viewerId !== input.userId && !canSeeOtherTeams(input.now.toISOString(), stored.deadline_at))
    throw refusal('teams_hidden_before_deadline');
  const [context, team] = await Promise.all([
    loadRoundContext(record, input.round, { cached: true }),
    teamAsSettled(record, input.round, input.userId, input.now),
  ]);
  // No team scores the penalty, but only for a player who exists: an unknown id is not a player.
  if (!team && !(await userRepository.getUser(input.userId))) throw notFound('ユーザーが見つかりません。');
  const indexed = indexTournamentRound(record, context.field, input.round, input.now);
  return {
    user_id: input.userId,
    round: input.round,
    team: teamView(team, context, indexed),
    score: teamScore(team, indexed),
  };
}

export async function roundField(input: {
  gameGlobalId: string | undefined;
  round: number;
  now: Date;
}): Promise<RoundField> {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const context = await loadRoundContext(record, input.round, { cached: true });
  const players = context.field.map((entry) => {
    const stats = seasonStats(context.profiles.get(entry.player_id));
    const ai = aiStats(entry, context.profiles.get(entry.player_id), input.round);
    return { entry, stats, ai, condition: aiScore('condition', ai) };
  });
  const indicators = indicatorsFor(
    players.map((p) => ({ player_id: p.entry.player_id, stats: p.stats, condition: p.condition })),
  );
  const counted = roundsWithResults(deriveSchedule(record, input.now));
  const result: FieldPlayer[] = players.map(({ entry, stats, ai }) => {
    const reason = ineligibility(entry, input.round);
    const figures = tournamentFigures(entry, counted);
    return {
      ...playerSummary(entry, context.profiles.get(entry.player_id)),
      eligible: reason === null,
      ineligible_reason: reason,
      indicators: indicators.get(entry.player_id)!,
      stats,
      tournament_rounds: figures.rounds,
      tournament_to_par: figures.total_to_par,
      ai_values: {
        condition: aiScore('condition', ai),
        stability: aiScore('stability', ai),
        chance: aiScore('chance', ai),
      },
    };
  });
  result.sort(
    (a, b) =>
      Number(b.eligible) - Number(a.eligible) ||
      (a.world_rank ?? 1e9) - (b.world_rank ?? 1e9) ||
      a.player_id.localeCompare(b.player_id),
  );
  return { game_global_id: record.game_global_id, round: input.round, players: result };
}

export async function aiPreview(input: {
  gameGlobalId: string | undefined;
  round: number;
  mode: AiMode;
  now: Date;
}) {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const context = await loadRoundContext(record, input.round, { cached: true });
  const stats = new Map(context.eligible.map((s) => [s.player_id, s]));
  const ids = rankPlayers(input.mode, context.eligible).slice(0, 4);
  return {
    type: input.mode,
    players: ids.map((id) => ({
      ...playerSummary(context.byId.get(id)!, context.profiles.get(id)),
      ai_value: aiScore(input.mode, stats.get(id)!),
    })),
  };
}

export async function playerDetail(input: {
  playerId: string;
  gameGlobalId: string | undefined;
  now: Date;
}): Promise<PlayerDetail> {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const [profile, field] = await Promise.all([
    playerRepository.get(input.playerId),
    tournamentRepository.field(record.game_global_id),
  ]);
  const entry = field.find((e) => e.player_id === input.playerId);
  if (!entry && !profile) throw notFound('選手が見つかりませんでした。');
  const summaryEntry: FieldEntryRecord = entry ?? {
    game_global_id: record.game_global_id,
    player_id: profile!.player_id,
    name: profile!.name,
    name_kana: profile!.name_kana,
    country: profile!.country,
    world_rank: profile!.world_rank,
    is_amateur: profile!.is_amateur,
    status: 'active',
    rounds: [null, null, null, null],
  };
  let indicators = null;
  if (entry) {
    const profiles = await playerRepository.getMany(field.map((e) => e.player_id));
    const currentRound = deriveSchedule(record, input.now).current_round || 1;
    const all = field.map((e) => {
      const ai = aiStats(e, profiles.get(e.player_id), currentRound);
      return {
        player_id: e.player_id,
        stats: seasonStats(profiles.get(e.player_id)),
        condition: aiScore('condition', ai),
      };
    });
    indicators = indicatorsFor(all).get(entry.player_id) ?? null;
  }
  return {
    player: playerSummary(summaryEntry, profile),
    stats: seasonStats(profile),
    indicators,
    game_global_id: record.game_global_id,
    tournament_to_par: tournamentFigures(entry, roundsWithResults(deriveSchedule(record, input.now)))
      .total_to_par,
    rounds: [1, 2, 3, 4].map((round) => roundLine(entry, round)),
  };
}

export async function myScore(input: {
  userId: string;
  gameGlobalId: string | undefined;
  now: Date;
}): Promise<MyScore> {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const [field, teams, user] = await Promise.all([
    tournamentRepository.field(record.game_global_id),
    teamsAsSettled(record, input.userId, [1, 2, 3, 4], input.now),
    userRepository.getUser(input.userId),
  ]);
  const schedule = deriveSchedule(record, input.now);
  const nowIso = input.now.toISOString();
  const joinedAt = user ? Date.parse(user.created_at) : Number.NEGATIVE_INFINITY;
  const rounds = schedule.rounds.map((scheduleRound) => {
    const team = teams.get(scheduleRound.round);
    const locked = !isBeforeDeadline(nowIso, scheduleRound.deadline_at);
    const indexed = indexTournamentRound(record, field, scheduleRound.round, input.now);
    const score =
      locked || scheduleRound.status === 'cancelled'
        ? teamScore(team, indexed)
        : { kind: 'not_started' as const, score: null, provisional: true };
    return {
      round: scheduleRound.round,
      status: scheduleRound.status,
      deadline_at: scheduleRound.deadline_at,
      has_team: Boolean(team?.picks.length),
      late_join: !team?.picks.length && Date.parse(scheduleRound.deadline_at) <= joinedAt,
      score,
    };
  });
  const counted = rounds.filter((r) => r.score.kind !== 'not_started');
  const total = tournamentScore(
    counted.map((r) =>
      r.score.kind === 'scored'
        ? { kind: 'scored', score: r.score.score!, provisional: r.score.provisional }
        : r.score.kind === 'cancelled'
          ? { kind: 'cancelled' }
          : { kind: 'pending', missing: [] },
    ),
  );
  return {
    game_global_id: record.game_global_id,
    tournament_name: record.tournament_name,
    rounds,
    total: { score: total.score, provisional: total.provisional || counted.length < 4 },
  };
}
