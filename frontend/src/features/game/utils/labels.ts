import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { aiModeSchema, draftSlotSchema, roundParamsSchema, type Indicators } from '@golf/shared/schemas/game';
import { formatPercent } from '@golf/shared/game/format';
import type { DraftSlot } from '@golf/shared/game/team';

export type AiMode = z.infer<typeof aiModeSchema>;
export const aiModes = aiModeSchema.options;

export const aiModeLabels: Record<AiMode, { title: string; text: string; formula: string }> = {
  condition: {
    title: 'コンディション重視',
    text: '最近のラウンドの調子が良い選手',
    formula:
      '直近5ラウンドのスコアを、新しいラウンドほど重く平均し（7割）、シーズン平均（3割）と合わせて評価します。',
  },
  stability: {
    title: '安定感重視',
    text: 'スコアのばらつきが小さく、崩れにくい選手',
    formula:
      'シーズンの平均スコアに、ラウンドごとのスコアのばらつきを足して評価します。ばらつきが小さいほど有利です。',
  },
  chance: {
    title: 'チャンス重視',
    text: 'バーディーが多く、大きく伸ばす可能性がある選手',
    formula:
      'シーズンの平均スコアから、スコアの振れ幅とバーディーの多さを差し引いて評価します。爆発力のある選手が有利です。',
  },
};

export { indicatorKeys } from './indicator-keys';
export const indicatorLabels: Record<keyof Indicators, string> = {
  distance: '飛距離',
  accuracy: '正確性',
  approach: 'アプローチ',
  putting: 'パット',
  scoring: 'スコア',
  form: '調子',
};

export const ineligibleLabels: Record<'wd' | 'dq' | 'cut' | 'not_in_field', string> = {
  wd: '棄権',
  dq: '失格',
  cut: '予選落ち',
  not_in_field: '出場なし',
};

/** Route params → numbers; anything else is a missing page. */
export function parseRound(value: string): number {
  const parsed = roundParamsSchema.safeParse({ round: value });
  if (!parsed.success) throw notFound();
  return parsed.data.round;
}

export function parseDraft(value: string): DraftSlot {
  const parsed = draftSlotSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function parseAiMode(value: string): AiMode {
  const parsed = aiModeSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** A rate that may be a share (0-1) or already a percentage. */
export function formatRate(value: number | null): string {
  if (value === null) return '-';
  return value <= 1 && value >= 0 ? formatPercent(value) : `${value.toFixed(1)}%`;
}

export function formatNumber(value: number | null, digits = 1): string {
  return value === null ? '-' : value.toFixed(digits);
}
