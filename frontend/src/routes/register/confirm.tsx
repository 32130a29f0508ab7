import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { ConfirmActions } from '@/components/ui/form-field';
import { useSaveProfile } from '@/features/account/api/account-calls';
import { FormError, ProfileConfirmRows, useObjectUrl } from '@/features/account/components/account-parts';
import {
  registrationPictureLost,
  setRegistrationDraft,
  useRegistrationDraft,
} from '@/features/account/registration-draft';

export const Route = createFileRoute('/register/confirm')({
  staticData: {
    page: {
      title: '新規登録',
      stackType: 'static',
      parent: '/register/necessary',
      visitorAllowed: false,
      pageType: 'account',
    },
  },
  component: RegisterConfirmPage,
});

function RegisterConfirmPage() {
  const navigate = useNavigate();
  const draft = useRegistrationDraft();
  const save = useSaveProfile('registerUserProfile');
  const imageUrl = useObjectUrl(draft?.image ?? null);
  // A picture too large to keep over a reload is chosen again; the rest of the form is kept.
  if (!draft || registrationPictureLost()) return <Navigate to="/register/necessary" replace />;
  return (
    <div className="page-body">
      <p className="section__lead">この内容で登録します。よろしければ「登録する」を押してください。</p>
      <section className="card form" aria-label="入力内容の確認">
        <FormError error={save.error} />
        <ProfileConfirmRows draft={draft} imageUrl={imageUrl} />
        <ConfirmActions
          pending={save.isPending}
          submitLabel="登録する"
          onSubmit={() =>
            save.mutate(draft, {
              // Leave first: with the draft gone, this page would send the player back to the form.
              onSuccess: () =>
                void navigate({ to: '/register/complete', replace: true }).then(() =>
                  setRegistrationDraft(null),
                ),
            })
          }
          onBack={() => void navigate({ to: '/register/necessary' })}
        />
      </section>
    </div>
  );
}
