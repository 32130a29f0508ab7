import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';

export const Route = createFileRoute('/settings/password/complete')({
  staticData: { page: { title: 'パスワード変更', stackType: 'unset', pageType: 'account' } },
  component: () => (
    <div className="page-body">
      <CompleteCard title="パスワードを変更しました" action={{ href: '/mypage', label: 'マイページへ' }}>
        次回から新しいパスワードでログインしてください。ほかの端末やブラウザでは、ログアウトしました。
      </CompleteCard>
    </div>
  ),
});
