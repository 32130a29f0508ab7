import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'gold' | 'red' | 'grey' | 'blue' | 'live';

export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
