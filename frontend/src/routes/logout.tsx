import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setRegistrationDraft } from '@/features/account/registration-draft';
import { logout } from '@/lib/auth';
import { forgetSignedInPlayer } from '@/lib/query-client';

export const Route = createFileRoute('/logout')({
  staticData: { page: { title: null, stackType: 'unset', layout: 'simple', visitorAllowed: true } },
  component: LogoutPage,
});

/** Ends the session (a failed DELETE is only logged; the local state is cleared anyway), then /. */
function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      forgetSignedInPlayer(queryClient);
      // A sign-up left half done is not offered to the next player of the tab.
      void setRegistrationDraft(null);
      if (active) void navigate({ to: '/', replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return (
    <p className="muted" role="status" aria-live="polite">
      ログアウトしています…
    </p>
  );
}
