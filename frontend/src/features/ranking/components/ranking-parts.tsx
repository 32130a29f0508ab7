import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RankingRow } from '@golf/shared/schemas/ranking';
import { useRouterState } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { Skeleton } from '@/components/ui/skeleton';
import type { AppHref } from '@/lib/app-href';

/**
 * The ranking pages, as tabs at the top of each. Kept here rather than in config/site.ts: a lazy
 * route's import of that module splits the first bundle into many more files.
 */
const rankingTabs: ReadonlyArray<{ href: AppHref; label: string }> = [
  { href: '/ranking/golf/personal', label: '個人' },
  { href: '/ranking/guild', label: 'ギルド' },
  { href: '/ranking/yearly', label: '年間' },
  { href: '/ranking/golf_q', label: 'クイズ' },
];

/** The four rankings as tabs at the top of each ranking page, the one shown marked. */
export function RankingKindTabs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav className="segmented" aria-label="ランキング">
      {rankingTabs.map((entry) => (
        <AppLink
          key={entry.href}
          href={entry.href}
          className="segmented__item"
          aria-current={pathname === entry.href ? 'page' : undefined}
        >
          {entry.label}
        </AppLink>
      ))}
    </nav>
  );
}

/** Rounds 1-4 as tabs; rounds not played yet are shown but cannot be chosen. */
export function RankingRoundTabs({
  activeRound,
  current,
  hrefFor,
}: {
  activeRound: number;
  current: number;
  hrefFor: (round: number) => AppHref;
}) {
  return (
    <nav className="round-tabs" aria-label="ラウンド">
      {[1, 2, 3, 4].map((round) =>
        round <= activeRound ? (
          <AppLink
            key={round}
            href={hrefFor(round)}
            className="round-tabs__tab"
            aria-current={round === current ? 'page' : undefined}
          >
            R{round}
          </AppLink>
        ) : (
          <span key={round} className="round-tabs__tab round-tabs__tab--off" aria-disabled="true">
            R{round}
          </span>
        ),
      )}
    </nav>
  );
}

/** A ranking page as a table: rank, name, value; my row marked, a jumped-to rank highlighted. */
export function RankingTable({
  rows,
  title,
  nameHeader,
  isMine,
  highlightRank,
  nameOf = (row) => (row.is_withdrawn ? '退会したユーザー' : row.nickname),
}: {
  rows: readonly RankingRow[];
  title: string;
  nameHeader: string;
  isMine: (row: RankingRow) => boolean;
  highlightRank?: number | undefined;
  nameOf?: (row: RankingRow) => ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  // A jump to a rank brings its row into view: the player's own row first, else the rank's first row.
  useEffect(() => {
    if (highlightRank === undefined) return;
    const highlighted = body.current?.querySelectorAll<HTMLElement>('tr[data-highlight="true"]') ?? [];
    const target = [...highlighted].find((row) => row.dataset['mine'] === 'true') ?? highlighted[0];
    target?.scrollIntoView({ block: 'center' });
  }, [highlightRank, rows]);
  return (
    <div className="card card--flush">
      <table className="ranking-table" data-testid="ranking-table">
        <thead>
          <tr>
            <th scope="col">順位</th>
            <th scope="col">{nameHeader}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row) => (
            <tr
              key={row.user_id}
              data-mine={isMine(row)}
              data-highlight={highlightRank !== undefined && row.rank === highlightRank}
              data-testid="ranking-row"
            >
              <td className="ranking-table__rank">{row.rank}</td>
              <td className="ranking-table__name">{nameOf(row)}</td>
              <td className="ranking-table__value">{row.display_value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The signed-in player's own rank, pinned above the table, with a jump to its page. */
function MyRankCard({ row, onJump }: { row: RankingRow; onJump: () => void }) {
  return (
    <section className="card ranking-mine" aria-label="あなたの順位" data-testid="my-rank">
      <span className="ranking-mine__label">あなたの順位</span>
      <strong className="ranking-mine__rank">{row.rank}位</strong>
      <span className="ranking-mine__value">{row.display_value}</span>
      <button type="button" className="button button--outline button--small" onClick={onJump}>
        自分の順位へ
      </button>
    </section>
  );
}

/**
 * A signed-in player's place above the table, its space kept from the first paint: a placeholder
 * while the player's own rank loads, then the rank, or a line saying the player is not ranked, so
 * the table never moves when the answer comes.
 */
export function MyRankSlot({
  pending,
  row,
  onJump,
}: {
  pending: boolean;
  row: RankingRow | undefined;
  onJump: (rank: number) => void;
}) {
  if (row) return <MyRankCard row={row} onJump={() => onJump(row.rank)} />;
  return (
    <section className="card ranking-mine" aria-label="あなたの順位" aria-busy={pending}>
      <span className="ranking-mine__label">あなたの順位</span>
      {pending ? (
        <Skeleton width="50%" height={20} />
      ) : (
        <span className="ranking-mine__none">まだ順位がありません</span>
      )}
    </section>
  );
}

/** Previous / next page buttons with "page / last". */
export function RankingPager({
  currentPage,
  lastPage,
  onPage,
}: {
  currentPage: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label="ページ">
      <button
        type="button"
        className="button button--outline"
        disabled={currentPage <= 1}
        onClick={() => onPage(currentPage - 1)}
      >
        前へ
      </button>
      <span className="pager__status">
        {currentPage} / {lastPage}
      </span>
      <button
        type="button"
        className="button button--outline"
        disabled={currentPage >= lastPage}
        onClick={() => onPage(currentPage + 1)}
      >
        次へ
      </button>
    </nav>
  );
}

/** "Go to rank N": asks the server for the page holding that rank. */
export function RankJumpForm({ onJump }: { onJump: (rank: number) => void }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rank = Number(value);
    if (Number.isInteger(rank) && rank >= 1) onJump(rank);
  };
  return (
    <form className="search-bar" onSubmit={submit}>
      <input
        className="form-control"
        type="number"
        min={1}
        inputMode="numeric"
        aria-label="順位を指定"
        placeholder="順位を指定（例：120）"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--primary">
        移動
      </button>
    </form>
  );
}
