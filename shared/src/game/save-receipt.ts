/**
 * The receipt of a team save: when the server stored it and which 4 players it holds. The round page
 * shows it after every save, and a player who opted in gets it by e-mail too.
 */
import { formatTokyoDateTimeSeconds } from './format';

export interface ReceiptPick {
  slot: number;
  name: string;
  auto: boolean;
}

/** '11/21(金) 7:30:05'. */
export const receiptSavedAt = (lastSavedAt: string) => formatTokyoDateTimeSeconds(lastSavedAt);

/** One line per draft slot, 'DRAFT 1：松山 英樹 (AUTO)', an empty slot as '未選択'. */
export function receiptLines(picks: ReceiptPick[]): string[] {
  return [1, 2, 3, 4].map((slot) => {
    const pick = picks.find((p) => p.slot === slot);
    return `DRAFT ${slot}：${pick ? `${pick.name}${pick.auto ? ' (AUTO)' : ''}` : '未選択'}`;
  });
}

export function saveReceiptText(input: {
  tournamentName: string;
  round: number;
  lastSavedAt: string;
  picks: ReceiptPick[];
  roundUrl: string;
  settingsUrl: string;
}): { subject: string; text: string } {
  const savedAt = receiptSavedAt(input.lastSavedAt);
  return {
    subject: `【保存しました ${savedAt}】${input.tournamentName} 第${input.round}ラウンド`,
    text: [
      input.tournamentName,
      `第${input.round}ラウンドのチームを ${savedAt} に保存しました。`,
      '',
      ...receiptLines(input.picks),
      '',
      'このメールは保存の控えです。締め切りの直前にサイトにつながらない場合も、このチームで参加できます。',
      `チームを確認する: ${input.roundUrl}`,
      '',
      `保存の控えメールの停止（マイページ）: ${input.settingsUrl}`,
    ].join('\n'),
  };
}
