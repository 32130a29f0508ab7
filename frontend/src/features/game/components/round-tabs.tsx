import { Link } from '@tanstack/react-router';

/** Rounds 1-4 as tabs between the round pages, of the tournament chosen (the current one when none). */
export function RoundTabs({ current, gameGlobalId }: { current: number; gameGlobalId?: string | undefined }) {
  return (
    <nav className="round-tabs" aria-label="ラウンド">
      {[1, 2, 3, 4].map((round) => (
        <Link
          key={round}
          to="/schedule/round/$round"
          params={{ round: String(round) }}
          search={gameGlobalId ? { game_global_id: gameGlobalId } : {}}
          className="round-tabs__tab"
          aria-current={round === current ? 'page' : undefined}
        >
          R{round}
        </Link>
      ))}
    </nav>
  );
}
