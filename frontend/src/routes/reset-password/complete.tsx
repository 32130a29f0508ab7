import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';

export const Route = createFileRoute('/reset-password/complete')({
  staticData: {
    page: { title: 'パスワード再設定', stackType: 'unset', visitorAllowed: true, pageType: 'account' },
  },
  component: () => (
    <div className="page-body">
      <CompleteCard title="パスワードを再設定しました" action={{ href: '/login', label: 'ログインする' }}>
        新しいパスワードでログインしてください。これまでログインしていた端末やブラウザでは、ログアウトしました。
      </CompleteCard>
    </div>
  ),
});
