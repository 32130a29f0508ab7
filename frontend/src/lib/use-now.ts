import { useEffect, useState } from 'react';
import { api } from './api';
import { onServerClockChange, serverClockKnown, serverNow } from './server-clock';

let asking: Promise<unknown> | null = null;

/** A visitor's pages ask only answers a cache keeps, which cannot tell the time: one call asks it. */
function askServerClock(): void {
  if (serverClockKnown() || asking) return;
  asking = api.getGameClock().catch(() => {
    asking = null;
  });
}

/**
 * The game's time (the server's clock, not the phone's), refreshed every `intervalMs` while the
 * component is mounted and when the server's clock is learnt: for countdowns and what is open now.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    askServerClock();
    const tick = () => setNow(serverNow());
    const timer = window.setInterval(tick, intervalMs);
    const unsubscribe = onServerClockChange(tick);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [intervalMs]);
  return now;
}

/**
 * The phone's own clock, refreshed every `intervalMs`: for a span measured on the phone from an
 * instant it also read (a quiz question's seconds), which a wrong setting does not change.
 */
export function useDeviceNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
