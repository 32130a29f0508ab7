import type { Schedule } from '@golf/shared/schemas/schedule';
import { tournamentStatusLabels } from '../utils/tournament';

/** Chooses which tournament the leaderboard shows, newest first. */
export function TournamentSwitcher({
  schedules,
  value,
  onChange,
}: {
  schedules: Schedule[];
  value: string;
  onChange: (gameGlobalId: string) => void;
}) {
  const newestFirst = [...schedules].sort((a, b) =>
    b.tournament_start_on.localeCompare(a.tournament_start_on),
  );
  return (
    <label className="select-field">
      <span className="select-field__label">大会を選択</span>
      <span className="select-field__control">
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          {newestFirst.map((schedule) => (
            <option key={schedule.game_global_id} value={schedule.game_global_id}>
              {schedule.tournament_name}（{tournamentStatusLabels[schedule.status]}）
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}
