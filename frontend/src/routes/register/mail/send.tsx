import { createFileRoute } from '@tanstack/react-router';
import { MailSentCard } from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/register/mail/send')({
  staticData: {
    page: {
      title: '新規登録',
      stackType: 'static',
      parent: '/register/mail',
      visitorAllowed: false,
      pageType: 'account',
    },
  },
  validateSearch: pageSearch({ email: optionalText(254) }),
  component: RegisterMailSendPage,
});

function RegisterMailSendPage() {
  const { email } = Route.useSearch();
  return (
    <div className="page-body">
      <MailSentCard
        email={email}
        lead="メールに記載のリンクを開くと、メールアドレスの登録が完了します。"
        retry={{ href: '/register/mail', label: 'メールアドレスを入力し直す' }}
      />
    </div>
  );
}
