import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CompleteCard } from '@/components/ui/complete-card';
import { resetPrizeEntryDraft } from '@/features/prize/prize-entry-draft';

export const Route = createFileRoute('/mypage/prize/email_send')({
  staticData: { page: { title: 'マイページ', stackType: 'static', parent: '/mypage' } },
  component: PrizeEmailSentPage,
});

function PrizeEmailSentPage() {
  useEffect(() => resetPrizeEntryDraft(), []);
  return (
    <div className="page-body">
      <CompleteCard
        title="受け取り手続きを受け付けました"
        action={{ href: '/mypage', label: 'マイページへ戻る' }}
      >
        ご入力のメールアドレスに受付のメールをお送りしました。発送の準備が整いしだい、あらためてご案内します。
      </CompleteCard>
    </div>
  );
}
