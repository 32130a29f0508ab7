import { useState } from 'react';
import { useOpsAction } from '../api/ops-calls';
import { ActionOutcome, CsvDownload, OpsInput } from './ops-parts';

/** A CSV export of what players sent (contacts, campaign entries), since a time or all of it. */
export function CsvExportForm({
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
