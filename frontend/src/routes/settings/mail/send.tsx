import { createFileRoute } from '@tanstack/react-router';
import { MailSentCard } from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/settings/mail/send')({
  staticData: {
    page: { title: 'メールアドレス変更', stackType: 'static', parent: '/settings/mail', pageType: 'account' },
  },
  validateSearch: pageSearch({ email: optionalText(254) }),
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
