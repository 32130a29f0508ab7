import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { RouteResponse } from '@golf/shared/contracts';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { QUIZ_QUESTION_COUNT } from '@golf/shared/schemas/quiz';
import { useOpsAction, useRankingStatus, type OpsActionInput } from '@/features/ops/api/ops-calls';
import {
  ActionOutcome,
  ConfirmAction,
  CsvDownload,
  OpsInput,
  OpsNav,
} from '@/features/ops/components/ops-parts';

export const Route = createFileRoute('/ops/content')({
  staticData: { page: { title: 'お知らせ・クイズ・出力', stackType: 'static', parent: '/ops' } },
  component: OpsContentPage,
});

const invalidJson = new Error('JSON の形式が正しくありません。');

/** A JSON file (the same file `npm run ops` reads) pasted or chosen, published by one operator call. */
function JsonPublish<N extends 'publishTopics' | 'publishQuiz'>({
  name,
  title,
  describe,
}: {
  name: N;
  title: string;
  describe: (result: RouteResponse<N>) => string;
}) {
  const action = useOpsAction(name);
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<Error | null>(null);
  return (
    <section className="section card" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      <p>
        運用の手引きにある例と同じ形の JSON ファイルです。コマンドで公開するときと同じファイルが使えます。
      </p>
      <input
        type="file"
        accept=".json,application/json"
        aria-label={`${title}のファイル`}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (file) setText(await file.text());
        }}
      />
      <textarea
        className="form-control ops-textarea"
        rows={6}
        aria-label={`${title}の内容`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="button"
        className="button button--primary"
        disabled={!text.trim() || action.isPending}
        onClick={() => {
          try {
            const body: unknown = JSON.parse(text);
            setParseError(null);
            // The file as the operator gave it: the API checks it against the route's schema.
            action.mutate({ body } as OpsActionInput<N>);
          } catch {
            setParseError(invalidJson);
          }
        }}
      >
        公開する
      </button>
      <ActionOutcome error={parseError ?? action.error} success={action.data && describe(action.data)} />
    </section>
  );
}

function CsvExportAction({
  name,
  title,
  fileName,
}: {
  name: 'exportContacts' | 'exportCampaignEntries';
  title: string;
  fileName: string;
}) {
  const action = useOpsAction(name);
  const [since, setSince] = useState('');
  return (
    <section className="section card" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      <OpsInput
        label="この日時以降の受付だけ（日本時間・空欄ならすべて）"
        type="datetime-local"
        value={since}
        onChange={setSince}
      />
      <button
        type="button"
        className="button button--outline"
        disabled={action.isPending}
        onClick={() => action.mutate(since ? { query: { since: `${since}:00+09:00` } } : {})}
      >
        CSV に書き出す
      </button>
      <ActionOutcome
        error={action.error}
        success={
          action.data && <CsvDownload csv={action.data.csv} count={action.data.count} fileName={fileName} />
        }
      />
    </section>
  );
}

/** The ranking publish status: what is served, what waits, and the last publish. */
function RankingStatus() {
  const status = useRankingStatus().data;
  if (!status) return null;
  const served = status.served;
  return (
    <dl className="ops-status" data-testid="ranking-status">
      <dt>公開中</dt>
      <dd>
        {served
          ? `第${served.active_round}ラウンドまで（${served.published_at ? `${formatTokyoDateTime(served.published_at)} 公開` : '公開時刻の記録なし'}、順位の行 ${served.items_written ?? '—'}件を ${served.duration_ms === null ? '—' : (served.duration_ms / 1000).toFixed(1)}秒で書き込み）`
          : 'まだありません'}
      </dd>
      <dt>未公開の変更</dt>
      <dd>
        {status.stale && status.stale_since
          ? `あり（${formatTokyoDateTime(status.stale_since)} から）`
          : 'なし'}
      </dd>
      <dt>作成中</dt>
      <dd>
        {status.building && status.building_since
          ? `はい（${formatTokyoDateTime(status.building_since)} から）`
          : 'いいえ'}
      </dd>
      <dt>スコア変更の記録待ち</dt>
      <dd>{status.score_changes_pending ? `${status.score_changes_pending}件の操作` : 'なし'}</dd>
    </dl>
  );
}

function OpsContentPage() {
  const recompute = useOpsAction('recomputeRankings');
  const withdraw = useOpsAction('withdrawTopic');
  const [topicId, setTopicId] = useState('');
  return (
    <>
      <OpsNav />
      <section className="section card" aria-label="ランキングの再計算">
        <h2 className="section__title">ランキング</h2>
        <p>結果の取り込み・確定・訂正のたびに自動で計算し直されます。すぐに計算し直すときはこちら。</p>
        <button
          type="button"
          className="button button--outline"
          disabled={recompute.isPending}
          onClick={() => recompute.mutate({ body: {} })}
        >
          ランキングを計算し直す
        </button>
        <ActionOutcome
          error={recompute.error}
          success={
            recompute.data &&
            `公開を始めました（${formatTokyoDateTime(recompute.data.stale_since)} の変更まで）。`
          }
        />
        <RankingStatus />
      </section>
      <JsonPublish
        name="publishTopics"
        title="お知らせ"
        describe={(r) => `公開しました：新規・変更 ${r.published}件、変更なし ${r.unchanged}件。`}
      />
      <section className="section card" aria-label="お知らせの取り下げ">
        <h2 className="section__title">お知らせを取り下げる</h2>
        <OpsInput label="お知らせID" value={topicId} onChange={setTopicId} />
        <ConfirmAction
          label="取り下げる"
          warning={`お知らせ ${topicId} をお知らせの一覧から取り下げます。`}
          pending={withdraw.isPending}
          disabled={!topicId.trim()}
          onConfirm={() => withdraw.mutate({ params: { id: topicId.trim() } })}
        />
        <ActionOutcome error={withdraw.error} success={withdraw.isSuccess && '取り下げました。'} />
      </section>
      <JsonPublish
        name="publishQuiz"
        title="クイズ"
        describe={(r) =>
          `第${r.round}ラウンドのクイズ（問題集${r.question_count}問、1回の挑戦で${QUIZ_QUESTION_COUNT}問）を公開しました。` +
          (r.had_answers ? 'すでに回答したプレイヤーの成績はそのままです。' : '')
        }
      />
      <CsvExportAction name="exportContacts" title="お問い合わせの書き出し" fileName="contacts.csv" />
      <CsvExportAction
        name="exportCampaignEntries"
        title="キャンペーン応募の書き出し"
        fileName="campaign-entries.csv"
      />
    </>
  );
}
