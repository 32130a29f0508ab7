import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CompleteCard } from '@/components/ui/complete-card';
import { SkeletonCard } from '@/components/ui/skeleton';
import { useCompleteEmailChange } from '@/features/account/api/account-calls';
import { LinkErrorCard } from '@/features/account/components/account-parts';
import { getAuthState, setUserEmail } from '@/lib/auth';
import { optionalFlag, optionalText, pageSearch } from '@/lib/search-params';
import { queryKeys } from '@/lib/query-keys';

export const Route = createFileRoute('/settings/mail/change')({
  staticData: {
    page: { title: 'メールアドレス変更', stackType: 'unset', visitorAllowed: true, pageType: 'account' },
  },
  validateSearch: pageSearch({
    token: optionalText(200),
    registerFlg: optionalFlag(),
  }),
  component: SettingsMailChangePage,
});

/**
 * The link of an e-mail change, or (registerFlg) of a social sign-up's e-mail registration. The
 * link alone authorises it, so it works in a browser that is not signed in.
 */
function SettingsMailChangePage() {
  const { token, registerFlg = false } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useCompleteEmailChange();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    change.mutate(
      { token, registerFlg },
      {
        onSuccess: (result) => {
          if (registerFlg) return void navigate({ to: '/register/mail/complete', replace: true });
          if (getAuthState().isAuthenticated) setUserEmail(result.email);
          void queryClient.invalidateQueries({ queryKey: queryKeys.account.all });
        },
      },
    );
  }, [token, registerFlg, change, navigate, queryClient]);

  const retry = registerFlg
    ? ({ href: '/register/mail', label: 'メールアドレスを登録し直す' } as const)
    : ({ href: '/settings/mail', label: 'メールアドレスの変更をやり直す' } as const);
  if (!token || change.isError)
    return (
      <div className="page-body">
        <LinkErrorCard error={change.error} retry={retry} />
      </div>
    );
  if (change.isSuccess && !registerFlg)
    return (
      <div className="page-body">
        <CompleteCard
          title="メールアドレスを変更しました"
          action={{ href: '/mypage', label: 'マイページへ' }}
        >
          新しいメールアドレス（{change.data.email}）でログインできます。
        </CompleteCard>
      </div>
    );
  return (
    <div className="page-body" role="status" aria-label="メールアドレスを確認しています">
      <SkeletonCard lines={3} />
    </div>
  );
}
