import { createFileRoute } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { useUnsubscribeReminders } from '@/features/reminders/api/unsubscribe';
import { isApiError } from '@/lib/api-client';

export const Route = createFileRoute('/reminders/unsubscribe/$token')({
  staticData: {
    page: {
      title: 'お知らせの配信停止',
      stackType: 'static',
      parent: '/mypage',
      visitorAllowed: true,
      pageType: 'account',
    },
  },
  component: UnsubscribePage,
});

/**
 * The unsubscribe link of every reminder. Opening it changes nothing (a mail scanner that loads the
 * page and runs its scripts stops no one's reminders); the button does, and the link is then used up.
 */
function UnsubscribePage() {
  const { token } = Route.useParams();
  const unsubscribe = useUnsubscribeReminders();
  const used = isApiError(unsubscribe.error) && unsubscribe.error.status < 500;
  return (
    <div className="page-body">
      <section className="card unsubscribe-card" aria-labelledby="unsubscribe-heading" aria-live="polite">
        <h2 id="unsubscribe-heading" className="card-title">
          締め切りのお知らせの配信停止
        </h2>
        {unsubscribe.isSuccess ? (
          <>
            <p data-testid="unsubscribed">
              お知らせの配信を停止しました。メールとLINEのどちらにも、締め切りのお知らせは届きません。
            </p>
            <p>マイページの「締め切りのお知らせ」から、いつでも再開できます。</p>
          </>
        ) : used ? (
          <p role="alert" data-testid="unsubscribe-invalid">
            このリンクは使用済みか、無効です。お知らせの設定はマイページから変更できます。
          </p>
        ) : (
          <>
            <p>
              ボタンを押すと、締め切りのお知らせ（メールとLINE）の配信を停止します。チームやランキングには影響しません。
            </p>
            {unsubscribe.isError ? (
              <div className="game-error" role="alert">
                <p>停止できませんでした。時間をおいてもう一度お試しください。</p>
              </div>
            ) : null}
            <button
              type="button"
              className="button button--primary button--block"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {unsubscribe.isPending ? '停止しています…' : '配信を停止する'}
            </button>
          </>
        )}
        <nav className="unsubscribe-card__links" aria-label="移動先">
          <AppLink href="/mypage" className="text-link">
            マイページでお知らせを設定する
          </AppLink>
          <AppLink href="/" className="text-link">
            トップへ
          </AppLink>
        </nav>
      </section>
    </div>
  );
}
