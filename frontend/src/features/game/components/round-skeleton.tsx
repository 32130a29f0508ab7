import { Skeleton, SkeletonCard } from '@/components/ui/skeleton';

/** A round page while its round and the schedules load. */
export function RoundSkeleton() {
  return (
    <div className="page-body page-body--pending" role="status" aria-label="読み込み中">
      <Skeleton height={40} radius={12} />
      <SkeletonCard lines={2} />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={72} radius={12} />
      ))}
    </div>
  );
}
