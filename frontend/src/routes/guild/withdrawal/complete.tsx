import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';

export const Route = createFileRoute('/guild/withdrawal/complete')({
  staticData: { page: { title: 'ギルド', stackType: 'static', parent: '/guild', pageType: 'guild' } },
  component: () => (
    <div className="page-body">
      <CompleteCard title="ギルドから退出しました" action={{ href: '/guild', label: 'ギルドへ' }}>
        別のギルドを探したり、新しくギルドを作ったりできます。
      </CompleteCard>
    </div>
  ),
});
