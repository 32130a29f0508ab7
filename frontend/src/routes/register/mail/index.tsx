import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useRegisterMail } from '@/features/account/api/account-calls';
import { EmailRequestForm } from '@/features/account/components/account-parts';

export const Route = createFileRoute('/register/mail/')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: false, pageType: 'account' } },
  component: RegisterMailPage,
});

/** A player who signed up with a provider registers an e-mail address (for notices and prizes). */
function RegisterMailPage() {
  const navigate = useNavigate();
  return (
    <div className="page-body">
      <EmailRequestForm
        ariaLabel="メールアドレスの登録"
        title="メールアドレスを登録してください"
        lead="大会のお知らせや賞品のご連絡に使います。登録したアドレスに確認メールが届きます。"
        submitLabel="確認メールを送る"
        send={useRegisterMail()}
        onSent={(email) => void navigate({ to: '/register/mail/send', search: { email } })}
      />
    </div>
  );
}
