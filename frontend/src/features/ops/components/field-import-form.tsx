import { useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import { ImportSource, useCheckedImport } from './checked-import';
import { ActionOutcome, alreadyDoneText, ConfirmAction } from './ops-parts';

/** 出場選手の取り込み: a field file checked first, then imported into the chosen tournament. */
export function FieldImportForm({ tournament }: { tournament: OpsTournament }) {
  const { dryRun, apply, checked, reset, check } = useCheckedImport('importField');
  const [content, setContent] = useState('');
  const format = content.trimStart().startsWith('{') || content.trimStart().startsWith('[') ? 'json' : 'csv';
  const body = { game_global_id: tournament.game_global_id, format, content } as const;
  return (
    <section className="section card" aria-label="出場選手の取り込み">
      <h2 className="section__title">出場選手を取り込む</h2>
      <p>
        1行に1人の CSV（見出しは選手ID・名前・カナ・国、あれば世界ランクとアマチュアの列）か JSON
        です。すでにいる選手は名前などを更新し、ファイルにない選手はそのまま残ります。
      </p>
      <ImportSource
        fileLabel="出場選手のファイル"
        contentLabel="出場選手の内容"
        rows={6}
        content={content}
        onContent={(text) => {
          setContent(text);
          reset();
        }}
        checking={dryRun.isPending}
        onCheck={() => check({ body: { ...body, dry_run: true } })}
      />
      <ActionOutcome
        error={dryRun.error}
        success={
          checked &&
          !apply.data &&
          `${checked.players}人のうち、新しい選手か変わる選手 ${checked.changed}人、変わらない選手 ${checked.unchanged}人。`
        }
      />
      {checked && !apply.data && (
        <ConfirmAction
          label="取り込む"
          warning={`${tournament.tournament_name}の出場選手に取り込みます。`}
          pending={apply.isPending}
          onConfirm={() => apply.mutate({ body })}
        />
      )}
      <ActionOutcome
        error={apply.error}
        success={
          apply.data &&
          (apply.data.already_done
            ? `このファイルの選手はすべて取り込み済みです。${alreadyDoneText(apply.data.audit)}`
            : `取り込みました：ファイルの${apply.data.players}人のうち、新しい選手か変わった選手は${apply.data.changed}人です。ファイルにない出場選手は、そのまま残っています。`)
        }
      />
    </section>
  );
}
