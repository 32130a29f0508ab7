import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MailSentCard } from '../../features/account/components/account-parts';

export const Route = createFileRoute('/register/send')({
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
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
