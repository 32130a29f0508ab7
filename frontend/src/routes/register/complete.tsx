import { createFileRoute } from '@tanstack/react-router';
import { CompleteCard } from '@/components/ui/complete-card';
import { TutorialDialog } from '@/features/game/components/tutorial-dialog';

export const Route = createFileRoute('/register/complete')({
  staticData: { page: { title: '新規登録', stackType: 'unset', visitorAllowed: false, pageType: 'account' } },
  component: () => (
    <div className="page-body">
      {/* A new player learns the game as soon as the account exists, not only on the round page. */}
      <TutorialDialog />
      <CompleteCard title="会員登録が完了しました" action={{ href: '/gametop', label: 'ゲームをはじめる' }}>
        ようこそ、ゴルフドリームチームへ。開催中の大会で4人のドリームチームを組んでみましょう。
      </CompleteCard>
    </div>
  ),
});
