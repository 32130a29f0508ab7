/**
 * What an operator action changes, in the operators' words: the rankings it moves and the saved
 * teams it touches (docs/operations.md, "Before an action that changes results"). The console's
 * confirmation and the CLI's dry run print the same lines.
 */
import type { ActionPreview, RankingImpact } from '../schemas/ops';
import { personalRanking } from './personal-ranking';

/** Round numbers as one phrase: 第2ラウンド, 第2・第3ラウンド, 第1〜第4ラウンド (ascending, no gap for a range). */
export function roundsPhrase(rounds: readonly number[]): string {
  const sorted = [...rounds].sort((a, b) => a - b);
  const consecutive = sorted.every((round, i) => i === 0 || round === sorted[i - 1]! + 1);
  if (sorted.length > 2 && consecutive) return `第${sorted[0]}〜第${sorted.at(-1)}ラウンド`;
  return `${sorted.map((round) => `第${round}`).join('・')}ラウンド`;
}

const stateWord = (provisional: boolean) => (provisional ? '（速報）' : '（確定）');

/** The name of a changed ranking as the operator reads it. */
export function rankingImpactLabel(impact: Omit<RankingImpact, 'label'>): string {
  switch (impact.board) {
    case 'personal':
      return `${roundsPhrase(impact.rounds)}の個人ランキング${stateWord(impact.provisional)}：${impact.types
        .map((type) => personalRanking(type).label)
        .join('、')}`;
    case 'guild':
      return `${roundsPhrase(impact.rounds)}のギルドランキング${stateWord(impact.provisional)}`;
    case 'yearly':
      // The season's ranking runs on: what moves is this tournament's points in it.
      return `年間ランキング（この大会のポイント${impact.provisional ? '・速報' : ''}）`;
  }
}

const count = (n: number) => n.toLocaleString('ja-JP');

/** The teams a preview counts, in one sentence. */
export function teamsAffectedLine(preview: Pick<ActionPreview, 'teams_affected'>): string {
  const total = preview.teams_affected.reduce((sum, round) => sum + round.teams, 0);
  if (total === 0) return '影響する保存済みのチームはありません。';
  const rounds = preview.teams_affected
    .filter((round) => round.teams > 0)
    .map((round) => `第${round.round}ラウンド ${count(round.teams)}件`);
  return `影響する保存済みのチーム：${count(total)}件（${rounds.join('、')}）`;
}

/** A dry run's answer as lines: the teams, then the rankings that change, then the notes. */
export function actionPreviewLines(preview: ActionPreview): string[] {
  return [
    teamsAffectedLine(preview),
    ...(preview.rankings.length
      ? ['変わるランキング：', ...preview.rankings.map((ranking) => `・${ranking.label}`)]
      : ['ランキングは変わりません。']),
    ...preview.notes,
  ];
}
