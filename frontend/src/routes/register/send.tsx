import { createFileRoute } from '@tanstack/react-router';
import { MailSentCard } from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/register/send')({
  staticData: {
    page: {
      title: '新規登録',
      stackType: 'static',
      parent: '/register',
      visitorAllowed: true,
      pageType: 'account',
    },
  },
  validateSearch: pageSearch({ email: optionalText(254) }),
  component: RegisterSendPage,
});

function RegisterSendPage() {
  const { email } = Route.useSearch();
  return (
    <div className="page-body">
      <MailSentCard
        email={email}
        lead="メールに記載のリンクを開いて、登録を続けてください。"
        retry={{ href: '/register', label: 'メールアドレスを入力し直す' }}
      />
    </div>
  );
}
