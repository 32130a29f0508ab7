import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { UserMeResponse } from '@golf/shared/schemas/account';
import { ConfirmActions } from '@/components/ui/form-field';
import { PageSkeleton } from '@/components/ui/skeleton';
import {
  profileQueryOptions,
  useConfirmProfile,
  useSaveProfile,
  type ProfileDraft,
} from '@/features/account/api/account-calls';
import {
  apiFieldErrors,
  FormError,
  ProfileConfirmRows,
  ProfileFields,
  profileListsLoaded,
  useObjectUrl,
} from '@/features/account/components/account-parts';

export const Route = createFileRoute('/mypage/profile/edit')({
  staticData: { page: { title: 'プロフィール編集', stackType: 'static', parent: '/mypage' } },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(profileQueryOptions()),
      profileListsLoaded(context.queryClient),
    ]),
  pendingComponent: () => <PageSkeleton cards={1} lines={8} />,
  component: ProfileEditPage,
});

const draftOf = (me: UserMeResponse): ProfileDraft => ({
  nickname: me.nickname ?? '',
  gender: me.gender === null ? '' : String(me.gender),
  age: me.age === null ? '' : String(me.age),
  address: me.address === null ? '' : String(me.address),
  golf_play_history: me.golf_play_history === null ? '' : String(me.golf_play_history),
  image: null,
  removeImage: false,
});

function ProfileEditPage() {
  const navigate = useNavigate();
  const me = useSuspenseQuery(profileQueryOptions()).data;
  const [draft, setDraft] = useState(() => draftOf(me));
  const [confirming, setConfirming] = useState(false);
  const confirm = useConfirmProfile();
  const save = useSaveProfile('updateUserProfile');
  const chosen = useObjectUrl(draft.image);
  const imageUrl = chosen ?? (draft.removeImage ? null : me.profile_img_url);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(draft, { onSuccess: () => setConfirming(true) });
  };

  if (confirming)
    return (
      <div className="page-body">
        <p className="section__lead">この内容で保存します。</p>
        <section className="card form" aria-label="入力内容の確認">
          <FormError error={save.error} />
          <ProfileConfirmRows draft={draft} imageUrl={imageUrl} />
          <ConfirmActions
            pending={save.isPending}
            submitLabel="保存する"
            onSubmit={() => save.mutate(draft, { onSuccess: () => void navigate({ to: '/mypage' }) })}
            onBack={() => setConfirming(false)}
          />
        </section>
      </div>
    );
  return (
    <div className="page-body">
      <form className="card form" onSubmit={submit} noValidate aria-label="プロフィール">
        <FormError error={confirm.error} />
        <ProfileFields
          draft={draft}
          onChange={setDraft}
          errors={apiFieldErrors(confirm.error)}
          currentImageUrl={me.profile_img_url}
        />
        <button type="submit" className="button button--primary button--block" disabled={confirm.isPending}>
          {confirm.isPending ? '確認中…' : '確認画面へ'}
        </button>
      </form>
    </div>
  );
}
