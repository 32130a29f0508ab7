import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';

export const Route = createFileRoute('/withdrawal/complete')({
  staticData: { page: { title: '退会', stackType: 'unset', visitorAllowed: true, pageType: 'account' } },
  component: () => (
    <div className="page-body">
      <CompleteCard title="退会手続きが完了しました" action={{ href: '/', label: 'トップへ戻る' }}>
        これまでゴルフドリームチームをご利用いただき、ありがとうございました。
      </CompleteCard>
    </div>
  ),
});
