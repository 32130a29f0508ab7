import { useSyncExternalStore } from 'react';
import { teamSaveRetrying } from '@/lib/team-save-retry';

/** While a team save is sent again for a busy server: says so, in a live region. */
export function TeamSaveStatus() {
  const retrying = useSyncExternalStore(teamSaveRetrying.subscribe, teamSaveRetrying.get);
  if (!retrying) return null;
  return (
    <p className="save-retrying" role="status">
      混み合っています。自動で保存を再試行しています…
    </p>
  );
}
