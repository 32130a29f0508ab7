import type { SavedTeam } from '@golf/shared/schemas/game';
import type { TeamRecord } from '../../db/repositories/team-repository';

export const savedTeam = (team: TeamRecord): SavedTeam => ({
  game_global_id: team.game_global_id,
  round: team.round,
  source: team.source,
  last_saved_at: team.last_saved_at,
  picks: team.picks.map(({ slot, player_id, auto }) => ({ slot, player_id, auto })),
});
