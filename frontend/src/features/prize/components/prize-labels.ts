import type { PrizeOption } from '@golf/shared/schemas/prize';

export const prizeKindLabels = { game: '大会賞品', entry: 'エントリー賞品', yearly: '年間賞品' } as const;

/** 「1位」「2〜3位」, or 「抽選」 for a lottery prize. */
export function prizeRankLabel(prize: Pick<PrizeOption, 'rank_from' | 'rank_to'>): string {
  if (prize.rank_from === null) return '抽選';
  if (prize.rank_to === null || prize.rank_to === prize.rank_from) return `${prize.rank_from}位`;
  return `${prize.rank_from}〜${prize.rank_to}位`;
}
