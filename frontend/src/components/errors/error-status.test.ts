import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { errorPageMessage, errorPageStatus, resetsBackNavigation } from './error-status';

const apiError = (status: number) => new ApiError({ status, code: 'internal', message: '' });

describe('errorPageStatus', () => {
  it('shows 403 and 404 from the API as the 404 page', () => {
    expect(errorPageStatus(apiError(403))).toBe(404);
    expect(errorPageStatus(apiError(404))).toBe(404);
  });

  it('keeps other statuses and treats anything else as 500', () => {
    expect(errorPageStatus(apiError(503))).toBe(503);
    expect(errorPageStatus(apiError(500))).toBe(500);
    expect(errorPageStatus(apiError(0))).toBe(0);
    expect(errorPageStatus(new TypeError('x'))).toBe(500);
  });
});

describe('errorPageMessage', () => {
  it('has the three texts of the spec', () => {
    expect(errorPageMessage(404)).toBe('お探しのページが見つかりませんでした。');
    expect(errorPageMessage(503)).toBe('現在アクセスが集中しています。時間を置いて、再度ご確認ください。');
    expect(errorPageMessage(500)).toBe('現在データを更新中です。約1～2時間を予定しております。');
    expect(errorPageMessage(429)).toBe('現在データを更新中です。約1～2時間を予定しております。');
  });

  it('resets the back navigation on 500 and 503 only', () => {
    expect([500, 503, 404, 0].map(resetsBackNavigation)).toEqual([true, true, false, false]);
  });
});
