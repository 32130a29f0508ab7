import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';
import { PageSkeleton } from '../ui/skeleton';
import { ErrorPage } from './error-page';
import { errorPageStatus } from './error-status';

/** What a route shows when its loader or its component fails. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const isChunkError = isChunkLoadError(error);
  const [hasReloadFailed, setReloadFailed] = useState(false);
  const status = errorPageStatus(error);

  useEffect(() => {
    // Let the failed queries run again when the route is retried.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    if (isChunkError && !reloadOnceForChunkError()) setReloadFailed(true);
    else if (!isChunkError && status === 500) console.error(error);
  }, [error, isChunkError, status]);

  if (isChunkError && !hasReloadFailed) return <PageSkeleton />;
  return <ErrorPage status={status} onRetry={() => void router.invalidate()} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}
