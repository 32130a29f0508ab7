import { useOpsAction, type OpsActionInput } from '../api/ops-calls';

type ImportRoute = 'importResults' | 'importTournament' | 'importField';

/**
 * An import the operator checks before it runs: the route's dry run first (`check`, what it would
 * change), then the import itself (`apply`). `reset` forgets both when the content changes.
 */
export function useCheckedImport<N extends ImportRoute>(name: N) {
  const dryRun = useOpsAction(name);
  const apply = useOpsAction(name);
  return {
    dryRun,
    apply,
    /** The dry run's answer, once it is back. */
    checked: dryRun.data && !dryRun.isPending ? dryRun.data : null,
    reset: () => {
      dryRun.reset();
      apply.reset();
    },
    check: (input: OpsActionInput<N>) => {
      apply.reset();
      dryRun.mutate(input);
    },
  };
}

/**
 * The content to import, chosen as a CSV or JSON file or typed in, and the button that checks it
 * without importing. `onContent` has the file's name when it came from a file.
 */
export function ImportSource({
  fileLabel,
  contentLabel,
  rows,
  content,
  onContent,
  checking,
  onCheck,
}: {
  fileLabel?: string;
  contentLabel: string;
  rows: number;
  content: string;
  onContent: (content: string, fileName?: string) => void;
  checking: boolean;
  onCheck: () => void;
}) {
  return (
    <>
      <label className="ops-field">
        <span>ファイル（CSV または JSON）</span>
        <input
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-label={fileLabel}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) onContent(await file.text(), file.name);
          }}
        />
      </label>
      <label className="ops-field">
        <span>内容</span>
        <textarea
          className="form-control ops-textarea"
          rows={rows}
          value={content}
          aria-label={contentLabel}
          onChange={(event) => onContent(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="button button--outline"
        disabled={!content.trim() || checking}
        onClick={onCheck}
      >
        確認する（まだ取り込みません）
      </button>
    </>
  );
}
