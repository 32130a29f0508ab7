import { describe, expect, it } from 'vitest';
import { actionPreviewLines, rankingImpactLabel, roundsPhrase } from './ranking-impact';

describe('the words of a dry run', () => {
  it('names rounds one by one, or as a range from three', () => {
    expect(roundsPhrase([2])).toBe('第2ラウンド');
    expect(roundsPhrase([3, 2])).toBe('第2・第3ラウンド');
    expect(roundsPhrase([1, 2, 3, 4])).toBe('第1〜第4ラウンド');
    expect(roundsPhrase([1, 3, 4])).toBe('第1・第3・第4ラウンド');
  });

  it('names each ranking with its state', () => {
    expect(rankingImpactLabel({ board: 'personal', rounds: [3], types: [4, 5], provisional: true })).toBe(
      '第3ラウンドの個人ランキング（速報）：バーディー数、イーグル数',
    );
    expect(rankingImpactLabel({ board: 'guild', rounds: [1, 2], types: [], provisional: false })).toBe(
      '第1・第2ラウンドのギルドランキング（確定）',
    );
    expect(rankingImpactLabel({ board: 'yearly', rounds: [], types: [], provisional: true })).toBe(
      '年間ランキング（この大会のポイント・速報）',
    );
  });

  it('prints the teams, the rankings and the notes', () => {
    expect(
      actionPreviewLines({
        teams_affected: [
          { round: 2, teams: 1200 },
          { round: 3, teams: 34 },
        ],
        rankings: [
          {
            board: 'yearly',
            rounds: [],
            types: [],
            provisional: true,
            label: '年間ランキング（この大会のポイント・速報）',
          },
        ],
        notes: ['第3ラウンドはまだ締め切り前です。'],
      }),
    ).toEqual([
      '影響する保存済みのチーム：1,234件（第2ラウンド 1,200件、第3ラウンド 34件）',
      '変わるランキング：',
      '・年間ランキング（この大会のポイント・速報）',
      '第3ラウンドはまだ締め切り前です。',
    ]);
    expect(actionPreviewLines({ teams_affected: [], rankings: [], notes: [] })).toEqual([
      '影響する保存済みのチームはありません。',
      'ランキングは変わりません。',
    ]);
  });
});
