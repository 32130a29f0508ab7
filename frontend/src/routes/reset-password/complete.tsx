import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '../../components/ui/complete-card';

export const Route = createFileRoute('/reset-password/complete')({
  component: () => (
    <div className="page-body">
      <CompleteCard title="パスワードを再設定しました" action={{ href: '/login', label: 'ログインする' }}>
        新しいパスワードでログインしてください。これまでログインしていた端末やブラウザでは、ログアウトしました。
      </CompleteCard>
    </div>
  ),
});
