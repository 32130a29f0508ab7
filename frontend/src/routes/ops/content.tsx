import { createFileRoute } from '@tanstack/react-router';
import { QUIZ_QUESTION_COUNT } from '@golf/shared/schemas/quiz';
import { CsvExportForm } from '@/features/ops/components/csv-export-form';
import { JsonPublishForm } from '@/features/ops/components/json-publish-form';
import { OpsNav } from '@/features/ops/components/ops-parts';
import { RankingRecompute } from '@/features/ops/components/ranking-recompute';
import { TopicWithdrawForm } from '@/features/ops/components/topic-withdraw-form';

export const Route = createFileRoute('/ops/content')({
  staticData: { page: { title: 'お知らせ・クイズ・出力', stackType: 'static', parent: '/ops' } },
  component: OpsContentPage,
});

function OpsContentPage() {
  return (
    <>
      <OpsNav />
      <RankingRecompute />
      <JsonPublishForm
        name="publishTopics"
        title="お知らせ"
        describe={(r) => `公開しました：新規・変更 ${r.published}件、変更なし ${r.unchanged}件。`}
      />
      <TopicWithdrawForm />
      <JsonPublishForm
        name="publishQuiz"
        title="クイズ"
        describe={(r) =>
          `第${r.round}ラウンドのクイズ（問題集${r.question_count}問、1回の挑戦で${QUIZ_QUESTION_COUNT}問）を公開しました。` +
          (r.had_answers ? 'すでに回答したプレイヤーの成績はそのままです。' : '')
        }
      />
      <CsvExportForm name="exportContacts" title="お問い合わせの書き出し" fileName="contacts.csv" />
      <CsvExportForm
        name="exportCampaignEntries"
        title="キャンペーン応募の書き出し"
        fileName="campaign-entries.csv"
      />
    </>
  );
}
