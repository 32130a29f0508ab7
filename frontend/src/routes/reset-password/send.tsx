import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MailSentCard } from '../../features/account/components/account-parts';

export const Route = createFileRoute('/reset-password/send')({
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
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
