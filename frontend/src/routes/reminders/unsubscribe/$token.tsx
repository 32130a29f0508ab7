import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { useUnsubscribeReminders } from '../../../features/reminders/api/unsubscribe';

export const Route = createFileRoute('/reminders/unsubscribe/$token')({
  component: UnsubscribePage,
});

/** The one-click unsubscribe of every reminder: opening the link stops both channels. */
function UnsubscribePage() {
  const { token } = Route.useParams();
  const unsubscribe = useUnsubscribeReminders();
  const { mutate } = unsubscribe;
  useEffect(() => mutate(token), [mutate, token]);
  return (
    <div className="page-body">
      <section className="card" aria-live="polite">
        <h2 className="card-title">締め切りのお知らせ</h2>
        {unsubscribe.isSuccess ? (
          <p data-testid="unsubscribed">お知らせの配信を停止しました。マイページからいつでも再開できます。</p>
        ) : unsubscribe.isError ? (
          <p role="alert">このリンクは無効です。マイページから配信の設定を変更してください。</p>
        ) : (
          <p>配信を停止しています…</p>
        )}
        <AppLink href="/mypage" className="text-link">
          マイページへ
        </AppLink>
      </section>
    </div>
  );
}
