import { createFileRoute } from '@tanstack/react-router';
import { MailSentCard } from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/reset-password/send')({
  staticData: {
    page: {
      title: 'パスワード再設定',
      stackType: 'static',
      parent: '/reset-password',
      visitorAllowed: true,
      pageType: 'account',
    },
  },
  validateSearch: pageSearch({ email: optionalText(254) }),
  component: ResetPasswordSendPage,
});

function ResetPasswordSendPage() {
  const { email } = Route.useSearch();
  return (
    <div className="page-body">
      <MailSentCard
        email={email}
        lead="ご登録のメールアドレスであれば、パスワード再設定のリンクをお送りしました。メールのリンクから新しいパスワードを設定してください。"
        retry={{ href: '/reset-password/mail', label: 'メールアドレスを入力し直す' }}
      />
    </div>
  );
}
