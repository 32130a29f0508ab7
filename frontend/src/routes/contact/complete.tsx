import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CompleteCard } from '@/components/ui/complete-card';
import { resetContactDraft } from '@/features/contact/contact-draft';

export const Route = createFileRoute('/contact/complete')({
  staticData: { page: { title: 'お問い合わせ', stackType: 'static', parent: '/', visitorAllowed: true } },
  component: ContactCompletePage,
});

function ContactCompletePage() {
  useEffect(() => resetContactDraft(), []);
  return (
    <div className="page-body">
      <CompleteCard title="お問い合わせを受け付けました">
        お問い合わせいただきありがとうございます。内容を確認のうえ、ご入力いただいたメールアドレスに担当者よりご連絡いたします。回答までお時間をいただく場合があります。
      </CompleteCard>
    </div>
  );
}
