import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { opsTournamentsQueryOptions } from '@/features/ops/api/ops-calls';
import { isApiError } from '@/lib/api-client';

/** The console's page that sets up the authenticator app (and says how to sign in with it). */
const totpPath = '/ops/totp';

/**
 * The operator console. Its first call is an operator call: the API answers 403 to anyone outside
 * the operators group, and a 403 shows the 404 page (spec: error catalogue), so the console is not
 * even seen to exist. An operator whose session has not passed the authenticator app's code
 * (`second_factor_required`) is sent to set it up, then comes back.
 */
export const Route = createFileRoute('/ops')({
  staticData: { page: null },
  loader: async ({ context, location }) => {
    if (location.pathname === totpPath) return;
    try {
      await context.queryClient.ensureQueryData(opsTournamentsQueryOptions());
    } catch (error) {
      if (isApiError(error) && error.code === 'second_factor_required')
        throw redirect({ to: totpPath, search: { to: location.href }, replace: true });
      throw error;
    }
  },
  pendingComponent: () => <PageSkeleton cards={2} lines={6} />,
  component: () => (
    <div className="page-body ops">
      <Outlet />
    </div>
  ),
});
