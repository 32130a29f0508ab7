/**
 * Saving picks. The refusals: after the deadline 409 `deadline_passed` (decided in the write
 * itself, by a condition on the stored deadline), duplicates and ineligible players 422, a
 * concurrent save of the same team 409 `conflict`. A save whose request key the team already holds
 * was applied before (its answer was lost): it answers the stored team and writes nothing.
 */
import { aiModeLabels, type AiMode } from '@golf/shared/game/ai-selection';
import { isBeforeDeadline } from '@golf/shared/game/lock';
import { samePicks, type DraftSlot, type TeamPick } from '@golf/shared/game/team';
import type { TeamSource } from '@golf/shared/schemas/game';
import { teamRepository, type TeamRecord } from '../../db/repositories/team-repository';
import { conflict, deadlinePassed, validationFailed } from '../../lib/errors';
import { ineligibility, ineligibleMessages } from './players';
import { aiTeam, loadRoundContext, resolveTournament, type RoundContext } from './tournament-context';

interface SaveInput {
  userId: string;
  gameGlobalId: string | undefined;
  round: number;
  /** The instant the deadline is judged at (adapters/team-save.ts). */
  now: Date;
  /** The request's idempotency key, recorded on the team it writes. */
  requestKey?: string;
  /** Told once the save is known to be before its deadline. */
  inTime?: () => void;
}

/** The stored team is this very request's, applied before: it is answered as it is. */
const appliedBefore = (existing: TeamRecord | undefined, input: SaveInput): existing is TeamRecord =>
  input.requestKey !== undefined && existing?.request_key === input.requestKey;

type Prepared = { context: RoundContext; existing: TeamRecord | undefined } | { replay: TeamRecord };

/**
 * The round and the stored team a save starts from, or `replay`: the stored team is this very
 * request's, applied before (its answer was lost), answered as it is, after the deadline too.
 */
async function prepare(input: SaveInput, withProfiles = false): Promise<Prepared> {
  const record = await resolveTournament(input.gameGlobalId, input.now, { cached: true });
  const stored = record.rounds[input.round - 1]!;
  const storedTeam = () => teamRepository.get(record.game_global_id, input.round, input.userId);
  // A quick answer for the obvious case; the write below decides for real.
  if (
    record.cancelled ||
    stored.cancelled ||
    !isBeforeDeadline(input.now.toISOString(), stored.deadline_at)
  ) {
    const team = input.requestKey ? await storedTeam() : undefined;
    if (appliedBefore(team, input)) return { replay: team };
    throw deadlinePassed();
  }
  input.inTime?.();
  const [context, existing] = await Promise.all([
    loadRoundContext(record, input.round, { profiles: withProfiles, cached: true }),
    storedTeam(),
  ]);
  return appliedBefore(existing, input) ? { replay: existing } : { context, existing };
}

function checkPlayers(context: RoundContext, chosen: Array<{ field: string; playerId: string }>): void {
  const errors: Record<string, string[]> = {};
  for (const { field, playerId } of chosen) {
    const reason = ineligibility(context.byId.get(playerId), context.round);
    if (reason) (errors[field] ??= []).push(ineligibleMessages[reason]);
  }
  if (Object.keys(errors).length) throw validationFailed(errors, '選択できない選手が含まれています。');
}

async function write(
  input: SaveInput,
  context: RoundContext,
  existing: TeamRecord | undefined,
  picks: TeamPick[],
  source: TeamSource,
  newPlayerIds: string[],
  removed?: TeamPick,
): Promise<TeamRecord> {
  const team: TeamRecord = {
    game_global_id: context.record.game_global_id,
    round: input.round,
    user_id: input.userId,
    picks: [...picks].sort((a, b) => a.slot - b.slot),
    source,
    last_saved_at: input.now.toISOString(),
    version: existing?.version ?? 0,
    ...(removed ? { removed } : {}),
    ...(input.requestKey ? { request_key: input.requestKey } : {}),
  };
  const refusal = await teamRepository.guardedPut(team, {
    nowIso: input.now.toISOString(),
    newPlayerIds,
    expectedVersion: existing?.version ?? 0,
  });
  if (refusal?.kind === 'deadline_passed') throw deadlinePassed();
  if (refusal?.kind === 'player_ineligible')
    throw validationFailed(
      { player_id: ['この選手は現在選択できません。'] },
      '選択できない選手が含まれています。',
    );
  if (refusal) {
    // The same request sent twice at once: the other copy wrote it, and this one answers as it did.
    const stored = await teamRepository.get(team.game_global_id, team.round, team.user_id);
    if (appliedBefore(stored, input)) return stored;
    throw conflict();
  }
  return { ...team, version: team.version + 1 };
}

/** Puts a player in one draft slot (replacing whoever was there). */
export async function savePick(
  input: SaveInput & { slot: DraftSlot; playerId: string },
): Promise<TeamRecord> {
  const prepared = await prepare(input);
  if ('replay' in prepared) return prepared.replay;
  const { context, existing } = prepared;
  const others = (existing?.picks ?? []).filter((p) => p.slot !== input.slot);
  if (others.some((p) => p.player_id === input.playerId))
    throw validationFailed(
      { player_id: ['この選手はすでにチームに入っています。'] },
      '同じ選手は選べません。',
    );
  const current = existing?.picks.find((p) => p.slot === input.slot);
  if (current?.player_id === input.playerId && existing) return existing;
  checkPlayers(context, [{ field: 'player_id', playerId: input.playerId }]);
  // Undoing a removal puts the same player back as he was, an AUTO pick included.
  const { removed } = existing ?? {};
  const auto = removed?.slot === input.slot && removed.player_id === input.playerId && removed.auto;
  const picks = [...others, { slot: input.slot, player_id: input.playerId, auto }];
  return write(input, context, existing, picks, 'manual', [input.playerId]);
}

/** Saves the whole team; an identical line-up changes nothing, not even the last save. */
export async function saveTeam(input: SaveInput & { playerIds: string[] }): Promise<TeamRecord> {
  const prepared = await prepare(input);
  if ('replay' in prepared) return prepared.replay;
  const { context, existing } = prepared;
  const errors: Record<string, string[]> = {};
  input.playerIds.forEach((id, i) => {
    if (input.playerIds.indexOf(id) !== i)
      (errors[`player_ids.${i}`] ??= []).push('この選手はすでにチームに入っています。');
  });
  if (Object.keys(errors).length) throw validationFailed(errors, '同じ選手は選べません。');
  const picks = input.playerIds.map((player_id, i) => ({
    slot: (i + 1) as DraftSlot,
    player_id,
    auto: false,
  }));
  if (existing && existing.source === 'manual' && samePicks(existing.picks, picks)) return existing;
  const kept = new Set(existing?.picks.map((p) => p.player_id) ?? []);
  const added = input.playerIds.filter((id) => !kept.has(id));
  checkPlayers(
    context,
    input.playerIds
      .map((playerId, i) => ({ field: `player_ids.${i}`, playerId }))
      .filter((c) => added.includes(c.playerId)),
  );
  return write(input, context, existing, picks, 'manual', added);
}

export async function deletePick(input: SaveInput & { slot: DraftSlot }): Promise<TeamRecord | null> {
  const prepared = await prepare(input);
  if ('replay' in prepared) return prepared.replay;
  const { context, existing } = prepared;
  if (!existing || !existing.picks.some((p) => p.slot === input.slot)) return existing ?? null;
  const picks = existing.picks.filter((p) => p.slot !== input.slot);
  const removed = existing.picks.find((p) => p.slot === input.slot);
  return write(input, context, existing, picks, existing.source, [], removed);
}

/**
 * The AI team of a mode, saved by the player himself: his choice, so no pick is `auto` (AUTO marks
 * only what the game chose for him, copied and replaced picks: docs/game-rules.md).
 */
export async function saveAiTeam(input: SaveInput & { mode: AiMode }): Promise<TeamRecord> {
  const prepared = await prepare(input, true);
  if ('replay' in prepared) return prepared.replay;
  const { context, existing } = prepared;
  let chosen: string[];
  try {
    chosen = aiTeam(context, input.mode).map((p) => p.player_id);
  } catch {
    throw validationFailed({ type: [`${aiModeLabels[input.mode]}で選べる選手が足りません。`] });
  }
  const picks = chosen.map((player_id, i) => ({ slot: (i + 1) as DraftSlot, player_id, auto: false }));
  const source = `ai:${input.mode}` as TeamSource;
  if (existing && existing.source === source && samePicks(existing.picks, picks)) return existing;
  return write(input, context, existing, picks, source, chosen);
}
