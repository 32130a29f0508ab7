import { isApiError } from '@/lib/api-client';

/** The status the error page shows for a failure; 0 means the network, not the server, failed. */
export function errorPageStatus(error: unknown): number {
  if (!isApiError(error)) return 500;
  if (error.status === 403 || error.status === 404) return 404;
  return error.status;
}

const errorPageMessages = {
  notFound: 'お探しのページが見つかりませんでした。',
  congested: '現在アクセスが集中しています。時間を置いて、再度ご確認ください。',
  updating: '現在データを更新中です。約1～2時間を予定しております。',
  network: '通信に失敗しました。通信環境をご確認のうえ、もう一度お試しください。',
} as const;

export function errorPageMessage(status: number): string {
  if (status === 404) return errorPageMessages.notFound;
  if (status === 503) return errorPageMessages.congested;
  if (status === 0) return errorPageMessages.network;
  return errorPageMessages.updating;
}

/** 500 and 503 start the back navigation over (spec: error catalogue). */
export function resetsBackNavigation(status: number): boolean {
  return status === 500 || status === 503;
}
