import type { OpsPrizeList } from '@golf/shared/schemas/ops';

/** A prize's kind, in the console's words. */
export const prizeKindLabels = { game: '順位賞', entry: '参加賞（抽選）', yearly: '年間賞' } as const;
export type PrizeKind = keyof typeof prizeKindLabels;
export type OpsPrize = OpsPrizeList['prizes'][number];

/** Who wins a prize, in words: its ranks, or how many are drawn. */
export const winnersText = (prize: OpsPrize) =>
  prize.rank_from === null
    ? `抽選で${prize.winners_count}人`
    : prize.rank_from === prize.rank_to
      ? `${prize.rank_from}位`
      : `${prize.rank_from}〜${prize.rank_to}位`;
