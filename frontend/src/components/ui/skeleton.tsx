import type { CSSProperties } from 'react';

/** A grey placeholder block with a soft shimmer, shown while data loads. */
export function Skeleton({
  width,
  height = 16,
  radius,
}: {
  width?: CSSProperties['width'];
  height?: number;
  radius?: number;
}) {
  return <span className="skeleton" style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card skeleton-card" aria-hidden="true">
      <Skeleton width="40%" height={14} />
      <Skeleton width="85%" height={22} />
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} width={`${90 - index * 12}%`} />
      ))}
    </div>
  );
}

/** The placeholder of a whole screen; announced once to screen readers. */
export function PageSkeleton({ cards = 2, lines = 3 }: { cards?: number; lines?: number }) {
  return (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      {Array.from({ length: cards }, (_, index) => (
        <SkeletonCard key={index} lines={lines} />
      ))}
    </div>
  );
}
