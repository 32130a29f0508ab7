import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { AppLink } from '@/components/ui/app-link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { controlProps, EmailField, Field, type FieldErrors } from '@/components/ui/form-field';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useConfirmPrizeClaim, useWonPrizes, wonPrizesQueryOptions } from '@/features/prize/api/won-prizes';
import { PrizeImage } from '@/features/prize/components/prize-image';
import { prizeKindLabels } from '@/features/prize/components/prize-labels';
import { claimClosed, claimDeadlineText } from '@/features/prize/utils/claim-deadline';
import { setPrizeEntryDraft, usePrizeEntryDraft } from '@/features/prize/prize-entry-draft';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const Route = createFileRoute('/mypage/prize/$id/')({
  staticData: { page: { title: 'マイページ', stackType: 'static', parent: '/mypage' } },
  loader: ({ context }) => context.queryClient.ensureQueryData(wonPrizesQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={1} lines={5} />,
  component: PrizeClaimPage,
});

function PrizeClaimPage() {
  const { id } = Route.useParams();
  const won = useWonPrizes().find((item) => item.prize.id === id);
  if (!won)
    return (
      <div className="page-body">
        <EmptyState title="この賞品は見つかりませんでした" icon="prize">
          <AppLink href="/mypage" className="text-link">
            マイページへ
          </AppLink>
        </EmptyState>
      </div>
    );
  return (
    <div className="page-body">
      <article className="card prize-detail">
        <PrizeImage prize={won.prize} size="hero" />
        <div className="prize-detail__badges">
          <Badge tone="gold">当選</Badge>
          <Badge tone="green">{prizeKindLabels[won.prize.kind]}</Badge>
        </div>
        <h2 className="prize-detail__name">{won.prize.name}</h2>
        {won.tournament_name && <p className="prize-card__meta">{won.tournament_name}</p>}
        <p className="muted">{won.prize.description}</p>
        {!won.claim && <p className="notice">{claimDeadlineText(won.claim_deadline_at)}</p>}
      </article>
      {won.claim ? (
        <section className="card" data-testid="prize-claimed">
          <h3 className="card-title">受け取り手続きは完了しています</h3>
          <p className="muted">
            {formatTokyoDateTime(won.claim.claimed_at)}に受け付けました。発送のご案内は {won.claim.email}{' '}
            にお送りします。
          </p>
        </section>
      ) : claimClosed(won.claim_deadline_at) ? (
        <section className="card" data-testid="prize-claim-closed">
          <h3 className="card-title">受け取り手続きの期限を過ぎています</h3>
          <p className="muted">この賞品の受け取り手続きは締め切りました。</p>
        </section>
      ) : (
        <ClaimForm prizeId={id} />
      )}
    </div>
  );
}

function ClaimForm({ prizeId }: { prizeId: string }) {
  const navigate = useNavigate();
  const saved = usePrizeEntryDraft();
  const { authUser } = useAuth();
  const [draft, setDraft] = useState(() =>
    saved.id === prizeId ? saved : { id: prizeId, email: authUser?.email ?? '', email_confirmation: '' },
  );
  const confirm = useConfirmPrizeClaim();
  const errors: FieldErrors = (isApiError(confirm.error) && confirm.error.errors) || {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(draft, {
      onSuccess: () => {
        setPrizeEntryDraft(draft);
        void navigate({ to: '/mypage/prize/$id/confirm', params: { id: prizeId } });
      },
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <h3 className="card-title">受け取り手続き</h3>
      <p className="muted">賞品の発送のご案内をお送りするメールアドレスを入力してください。</p>
      {confirm.error && Object.keys(errors).length === 0 && (
        <p className="game-error" role="alert">
          {confirm.error.message}
        </p>
      )}
      <EmailField
        value={draft.email}
        errors={errors['email']}
        onChange={(email) => setDraft({ ...draft, email })}
      />
      <Field label="メールアドレス（確認用）" required errors={errors['email_confirmation']}>
        {(control) => (
          <input
            {...controlProps(control)}
            className="form-control"
            type="email"
            autoComplete="off"
            value={draft.email_confirmation}
            onChange={(event) => setDraft({ ...draft, email_confirmation: event.target.value })}
          />
        )}
      </Field>
      <button type="submit" className="button button--primary button--block" disabled={confirm.isPending}>
        {confirm.isPending ? '確認中…' : '確認画面へ'}
      </button>
    </form>
  );
}
