import { useState } from 'react';
import type { RouteResponse } from '@golf/shared/contracts';
import { useOpsAction, type OpsActionInput } from '../api/ops-calls';
import { ActionOutcome } from './ops-parts';

const invalidJson = new Error('JSON の形式が正しくありません。');

/** A JSON file (the same file `npm run ops` reads) pasted or chosen, published by one operator call. */
export function JsonPublishForm<N extends 'publishTopics' | 'publishQuiz'>({
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
