import { createFileRoute, Link } from '@tanstack/react-router';
import type { PrizeOption } from '@golf/shared/schemas/prize';
import { prizeKinds, type PrizeKind } from '@golf/shared/schemas/values/prize';
import { EmptyState } from '@/components/ui/empty-state';
import { SkeletonCard } from '@/components/ui/skeleton';
import { prizesQueryOptions, usePrizes } from '@/features/prize/api/get-prizes';
import { PrizeCard } from '@/features/prize/components/prize-card';
import { prizeKindLabels } from '@/features/prize/components/prize-labels';
import { schedulesQueryOptions, useSchedules } from '@/features/schedule/api/get-schedules';
import { formatDateRange } from '@/lib/format';
import { oneOfOr, pageSearch } from '@/lib/search-params';

const searchSchema = pageSearch({ tab: oneOfOr(prizeKinds, 'game') });

export const Route = createFileRoute('/prize/')({
  staticData: { page: { title: '賞品一覧', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(prizesQueryOptions(deps.tab)),
      context.queryClient.ensureQueryData(schedulesQueryOptions()),
    ]),
  pendingComponent: () => (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <SkeletonCard lines={3} />
      <SkeletonCard lines={3} />
    </div>
  ),
  component: PrizeListPage,
});

const leads: Record<PrizeKind, string> = {
  game: '大会ごとの個人ランキングの上位の方に贈られます。',
  entry: '大会にエントリーした方の中から、抽選で贈られます。',
  yearly: 'シーズンを通した年間ランキングの上位の方に贈られます。',
};

function PrizeListPage() {
  const { tab } = Route.useSearch();
  return (
    <div className="page-body">
      <nav className="segmented" aria-label="賞品の種類">
        {prizeKinds.map((kind) => (
          <Link
            key={kind}
            to="/prize"
            search={{ tab: kind }}
            replace
            className="segmented__item"
            aria-current={kind === tab ? 'page' : undefined}
          >
            {prizeKindLabels[kind]}
          </Link>
        ))}
      </nav>
      <p className="section__lead">{leads[tab]}</p>
      <PrizeSections kind={tab} />
    </div>
  );
}

/** Prizes grouped by tournament (yearly prizes by season), the current tournament first. */
function PrizeSections({ kind }: { kind: PrizeKind }) {
  const prizes = usePrizes(kind);
  const schedules = useSchedules();
  if (prizes.length === 0)
    return (
      <EmptyState title="賞品はまだありません" icon="prize">
        賞品が決まりしだいお知らせします。
      </EmptyState>
    );

  const groups = new Map<string, PrizeOption[]>();
  for (const prize of prizes) {
    const key = prize.game_global_id ?? `season-${prize.season_id}`;
    groups.set(key, [...(groups.get(key) ?? []), prize]);
  }
  // The season's yearly prizes, then the tournament in play, those to come (soonest first), those
  // finished (the latest, with its winners just drawn, first) and those cancelled (latest first).
  const place = (key: string) => {
    const schedule = schedules.find((item) => item.game_global_id === key);
    if (!schedule) return { group: 0, start: '' };
    const group = { in_progress: 1, upcoming: 2, finished: 3, cancelled: 4 }[schedule.status];
    return { group, start: schedule.tournament_start_on };
  };
  const keys = [...groups.keys()].sort((a, b) => {
    const [first, second] = [place(a), place(b)];
    if (first.group !== second.group) return first.group - second.group;
    return first.group <= 2
      ? first.start.localeCompare(second.start)
      : second.start.localeCompare(first.start);
  });

  return keys.map((key) => {
    const schedule = schedules.find((item) => item.game_global_id === key);
    const first = groups.get(key)![0]!;
    return (
      <section
        key={key}
        className="section"
        aria-label={schedule?.tournament_name ?? `${first.season_id}年シーズン`}
      >
        <h2 className="section__title">{schedule?.tournament_name ?? `${first.season_id}年シーズン`}</h2>
        {schedule && (
          <p className="section__lead">
            {formatDateRange(schedule.tournament_display_start_on, schedule.tournament_display_end_on)}
          </p>
        )}
        <ul className="prize-list">
          {groups.get(key)!.map((prize) => (
            <PrizeCard key={prize.id} prize={prize} />
          ))}
        </ul>
      </section>
    );
  });
}
