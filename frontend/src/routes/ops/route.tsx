import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageSkeleton } from '../../components/ui/skeleton';
import { opsTournamentsQueryOptions } from '../../features/ops/api/ops-calls';

/**
 * The operator console. Its first call is an operator call: the API answers 403 to anyone outside
 * the operators group, and a 403 shows the 404 page (spec: error catalogue), so the console is not
 * even seen to exist.
 */
export const Route = createFileRoute('/ops')({
  staticData: { page: null },
  loader: ({ context }) => context.queryClient.ensureQueryData(opsTournamentsQueryOptions()),
  pendingComponent: () => <PageSkeleton cards={2} lines={6} />,
  component: () => (
    <div className="page-body ops">
      <Outlet />
    </div>
  ),
});
