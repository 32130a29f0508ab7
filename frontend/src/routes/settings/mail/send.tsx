import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MailSentCard } from '../../../features/account/components/account-parts';

export const Route = createFileRoute('/settings/mail/send')({
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: SettingsMailSendPage,
});

function SettingsMailSendPage() {
  const { email } = Route.useSearch();
  return (
    <div className="page-body">
      <MailSentCard
        email={email}
        lead="新しいメールアドレスに届いたメールのリンクを開くと、変更が完了します。"
        retry={{ href: '/settings/mail', label: 'メールアドレスを入力し直す' }}
      />
    </div>
  );
}
