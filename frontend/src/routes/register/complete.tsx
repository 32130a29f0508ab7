import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '../../components/ui/complete-card';

export const Route = createFileRoute('/register/complete')({
  component: () => (
    <div className="page-body">
      <CompleteCard title="会員登録が完了しました" action={{ href: '/gametop', label: 'ゲームをはじめる' }}>
        ようこそ、ゴルフドリームチームへ。開催中の大会で4人のドリームチームを組んでみましょう。
      </CompleteCard>
    </div>
  ),
});
