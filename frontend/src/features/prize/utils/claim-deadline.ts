import { formatTokyoDateTime } from '@golf/shared/game/format';
import { serverNow } from '@/lib/server-clock';

/** Whether a win's claim has closed (the server refuses it from its deadline on). */
export const claimClosed = (deadline: string, now = serverNow()) => now >= Date.parse(deadline);

/** 「受け取り期限：11/21(金) 7:30」 (Asia/Tokyo). */
export const claimDeadlineText = (deadline: string) => `受け取り期限：${formatTokyoDateTime(deadline)}`;
