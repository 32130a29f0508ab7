import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';

export const Route = createFileRoute('/register/mail/complete')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: true, pageType: 'account' } },
  component: () => (
    <div className="page-body">
      <CompleteCard
        title="メールアドレスを登録しました"
        action={{ href: '/register/terms', label: '登録を続ける' }}
      >
        続いて、利用規約への同意とプロフィールの入力をお願いします。
      </CompleteCard>
    </div>
  ),
});
