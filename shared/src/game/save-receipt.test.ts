import { describe, expect, it } from 'vitest';
import { receiptLines, saveReceiptText } from './save-receipt';

describe('save receipt', () => {
  it('lists the 4 draft slots, AUTO picks marked and empty ones as 未選択', () => {
    expect(
      receiptLines([
        { slot: 3, name: '松山 英樹', auto: true },
        { slot: 1, name: '石川 遼', auto: false },
      ]),
    ).toEqual(['DRAFT 1：石川 遼', 'DRAFT 2：未選択', 'DRAFT 3：松山 英樹 (AUTO)', 'DRAFT 4：未選択']);
  });

  it('says when the server stored the team, in Tokyo time to the second', () => {
    const mail = saveReceiptText({
      tournamentName: '日本オープン',
      round: 2,
      lastSavedAt: '2025-11-20T22:30:05.123Z',
      picks: [],
      roundUrl: 'https://example.com/schedule/round/2',
      settingsUrl: 'https://example.com/mypage',
    });
    expect(mail.subject).toBe('【保存しました 11/21(金) 7:30:05】日本オープン 第2ラウンド');
    expect(mail.text).toContain('第2ラウンドのチームを 11/21(金) 7:30:05 に保存しました。');
    expect(mail.text).toContain('https://example.com/schedule/round/2');
  });
});
