import { useState } from 'react';
import { useOpsAction } from '../api/ops-calls';
import { ActionOutcome, ConfirmAction, OpsInput } from './ops-parts';

/** お知らせを取り下げる: a published topic taken off the list, by its id. */
export function TopicWithdrawForm() {
  const withdraw = useOpsAction('withdrawTopic');
  const [topicId, setTopicId] = useState('');
  return (
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
  );
}
