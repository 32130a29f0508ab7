import { useIsFetching } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/** Work shorter than this never shows the bar. */
const loadingBarThrottleMs = 200;
/** The bar gives up after this long, so a hung request does not leave it on screen. */
const loadingBarMaxDurationMs = 5000;

type Phase = 'idle' | 'running' | 'finishing';

/** A thin bar at the top while a page loads or data is fetched. */
export function LoadingBar() {
  const isNavigating = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const isFetching = useIsFetching() > 0;
  const isBusy = isNavigating || isFetching;
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (!isBusy) {
      setPhase((current) => (current === 'running' ? 'finishing' : current));
      return;
    }
    const show = window.setTimeout(() => setPhase('running'), loadingBarThrottleMs);
    const giveUp = window.setTimeout(
      () => setPhase('finishing'),
      loadingBarThrottleMs + loadingBarMaxDurationMs,
    );
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(giveUp);
    };
  }, [isBusy]);

  useEffect(() => {
    if (phase !== 'finishing') return;
    const done = window.setTimeout(() => setPhase('idle'), 300);
    return () => window.clearTimeout(done);
  }, [phase]);

  return (
    <div
      className="loading-bar"
      data-phase={phase}
      role="progressbar"
      aria-label="読み込み中"
      aria-hidden={phase !== 'running'}
      style={{ ['--loading-duration' as string]: `${loadingBarMaxDurationMs}ms` }}
    />
  );
}
