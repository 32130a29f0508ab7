import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useStartPasswordReset } from '@/features/account/api/account-calls';
import { EmailRequestForm } from '@/features/account/components/account-parts';

export const Route = createFileRoute('/reset-password/mail')({
  staticData: {
    page: {
      title: 'パスワード再設定',
      stackType: 'static',
      parent: '/reset-password',
      visitorAllowed: true,
      pageType: 'account',
    },
  },
  component: ResetPasswordMailPage,
});

function ResetPasswordMailPage() {
  const navigate = useNavigate();
  return (
    <div className="page-body">
      <EmailRequestForm
        ariaLabel="パスワードの再設定"
        title="ご登録のメールアドレス"
        lead="パスワード再設定のリンクをお送りします。"
        submitLabel="再設定のメールを送る"
        send={useStartPasswordReset()}
        onSent={(email) => void navigate({ to: '/reset-password/send', search: { email } })}
      />
    </div>
  );
}
