import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useConfirmProfile } from '@/features/account/api/account-calls';
import {
  apiFieldErrors,
  emptyProfileDraft,
  FormError,
  ProfileFields,
  profileListsLoaded,
} from '@/features/account/components/account-parts';
import { setRegistrationDraft, useRegistrationDraft } from '@/features/account/registration-draft';

export const Route = createFileRoute('/register/necessary')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: false, pageType: 'account' } },
  loader: ({ context }) => profileListsLoaded(context.queryClient),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: RegisterNecessaryPage,
});

function RegisterNecessaryPage() {
  const navigate = useNavigate();
  const confirm = useConfirmProfile();
  const [draft, setDraft] = useState(useRegistrationDraft() ?? emptyProfileDraft());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(draft, {
      // The confirm step opens once the draft is kept, so a reload there still has it.
      onSuccess: () => void setRegistrationDraft(draft).then(() => navigate({ to: '/register/confirm' })),
    });
  };
  return (
    <div className="page-body">
      <p className="section__lead">ランキングに表示するニックネームと、プロフィールを入力してください。</p>
      <form className="card form" onSubmit={submit} noValidate aria-label="プロフィール">
        <FormError error={confirm.error} />
        <ProfileFields
          draft={draft}
          onChange={setDraft}
          errors={apiFieldErrors(confirm.error)}
          currentImageUrl={null}
        />
        <button type="submit" className="button button--primary button--block" disabled={confirm.isPending}>
          {confirm.isPending ? '確認中…' : '確認画面へ'}
        </button>
      </form>
    </div>
  );
}
