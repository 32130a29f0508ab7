import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ConfirmList } from '@/components/ui/form-field';
import { PageSkeleton } from '@/components/ui/skeleton';
import { userEmailQueryOptions, useStartEmailChange } from '@/features/account/api/account-calls';
import { EmailRequestForm } from '@/features/account/components/account-parts';

export const Route = createFileRoute('/settings/mail/')({
  staticData: {
    page: { title: 'メールアドレス変更', stackType: 'static', parent: '/mypage', pageType: 'account' },
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(userEmailQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={1} lines={4} />,
  component: SettingsMailPage,
});

function SettingsMailPage() {
  const navigate = useNavigate();
  const current = useSuspenseQuery(userEmailQueryOptions()).data;
  return (
    <div className="page-body">
      <section className="card">
        <ConfirmList rows={[{ label: '現在のメールアドレス', value: current.email ?? '未登録' }]} />
      </section>
      <EmailRequestForm
        ariaLabel="メールアドレスの変更"
        title="新しいメールアドレス"
        lead="新しいメールアドレスに確認メールをお送りします。メールのリンクを開くと変更が完了します。"
        label="新しいメールアドレス"
        submitLabel="確認メールを送る"
        send={useStartEmailChange()}
        onSent={(email) => void navigate({ to: '/settings/mail/send', search: { email } })}
      />
    </div>
  );
}
