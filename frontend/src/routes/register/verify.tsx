import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SkeletonCard } from '@/components/ui/skeleton';
import { useVerifyRegistration } from '@/features/account/api/account-calls';
import { LinkErrorCard } from '@/features/account/components/account-parts';
import { optionalText, pageSearch } from '@/lib/search-params';

export const Route = createFileRoute('/register/verify')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: true, pageType: 'account' } },
  validateSearch: pageSearch({ token: optionalText(200) }),
  component: RegisterVerifyPage,
});

/** The verification link lands here: the address is confirmed once, and the player signed in. */
function RegisterVerifyPage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const verify = useVerifyRegistration();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    verify.mutate(token, { onSuccess: () => void navigate({ to: '/register/terms', replace: true }) });
  }, [token, verify, navigate]);

  const retry = { href: '/register', label: 'もう一度登録する' } as const;
  if (!token)
    return (
      <div className="page-body">
        <LinkErrorCard error={null} retry={retry} />
      </div>
    );
  if (verify.isError)
    return (
      <div className="page-body">
        <LinkErrorCard error={verify.error} retry={retry} />
      </div>
    );
  return (
    <div className="page-body" role="status" aria-label="メールアドレスを確認しています">
      <SkeletonCard lines={3} />
    </div>
  );
}
