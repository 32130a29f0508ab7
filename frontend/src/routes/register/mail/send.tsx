import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MailSentCard } from '../../../features/account/components/account-parts';

export const Route = createFileRoute('/register/mail/send')({
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
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
