import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { ConfirmActions, ConfirmList } from '@/components/ui/form-field';
import { SaveError } from '@/components/ui/save-error';
import { useClaimPrize } from '@/features/prize/api/won-prizes';
import { usePrizeEntryDraft } from '@/features/prize/prize-entry-draft';

export const Route = createFileRoute('/mypage/prize/$id/confirm')({
  staticData: { page: { title: 'マイページ', stackType: 'static', parent: '/mypage/prize/$id' } },
  component: PrizeClaimConfirmPage,
});

function PrizeClaimConfirmPage() {
  const { id } = Route.useParams();
  const navigate = useNavigate();
  const draft = usePrizeEntryDraft();
  const claim = useClaimPrize();
  // Opened directly or after a reload: back to the form.
  if (draft.id !== id) return <Navigate to="/mypage/prize/$id" params={{ id }} replace />;
  return (
    <div className="page-body">
      <p className="section__lead">このメールアドレスに、賞品の発送のご案内をお送りします。</p>
      <section className="card">
        <ConfirmList rows={[{ label: 'メールアドレス', value: draft.email }]} />
      </section>
      <SaveError error={claim.error} />
      <ConfirmActions
        pending={claim.isPending}
        submitLabel="送信する"
        onSubmit={() =>
          claim.mutate(draft, {
            onSuccess: () => void navigate({ to: '/mypage/prize/email_send', replace: true }),
          })
        }
        onBack={() => void navigate({ to: '/mypage/prize/$id', params: { id } })}
      />
    </div>
  );
}
