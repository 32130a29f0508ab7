import { formatTokyoIso } from '@golf/shared/game/format';
import { ulid } from 'ulid';
import { CAMPAIGN_ID, campaignFieldNames, type CampaignEntry } from '@golf/shared/schemas/campaign';
import { contactTypes, type CsvExport } from '@golf/shared/schemas/contact';
import { campaignMasterLists } from '@golf/shared/master/static-lists';
import { enforceLimits } from '../../adapters/rate-limit';
import { formEntryRepository } from '../../db/repositories/form-entry-repository';
import { formatCsv } from '../../lib/csv-format';
import { refusal } from '../../lib/errors';

/** Per window of an hour: a sender's address and a network each get a few sends, then a 429. */
export const formLimits = { windowSeconds: 3600, perEmail: 3, perIp: 10 } as const;

const limit = (action: string, email: string, sourceIp: string, now: Date) =>
  enforceLimits(
    action,
    [
      [`mail:${email.toLowerCase()}`, formLimits.perEmail],
      [`ip:${sourceIp || 'unknown'}`, formLimits.perIp],
    ],
    formLimits.windowSeconds,
    now,
    '送信が続いたため、しばらく受け付けを停止しています。時間をおいてお試しください。',
  );

export async function sendContact(input: {
  email: string;
  contactType: string;
  contactContent: string;
  userId: string | null;
  sourceIp: string;
  now: Date;
}) {
  await limit('contact', input.email, input.sourceIp, input.now);
  const record = {
    id: ulid(input.now.getTime()),
    received_at: input.now.toISOString(),
    email: input.email,
    contact_type: input.contactType,
    content: input.contactContent,
    user_id: input.userId,
  };
  await formEntryRepository.putContact(record);
  return { id: record.id, received_at: record.received_at };
}

export async function storeCampaignEntry(entry: CampaignEntry, sourceIp: string, now: Date) {
  await limit('campaign', entry.business_email, sourceIp, now);
  const record = {
    ...entry,
    id: ulid(now.getTime()),
    campaign_id: CAMPAIGN_ID,
    received_at: now.toISOString(),
  };
  if (!(await formEntryRepository.putCampaignEntry(record))) throw refusal('campaign_already_entered');
  return { id: record.id, received_at: record.received_at };
}

/** Sort keys hold UTC instants: a `since` with another offset is compared as the same instant in UTC. */
const utc = (since: string | undefined) => (since === undefined ? undefined : new Date(since).toISOString());

const nameOf = (options: ReadonlyArray<{ value: string; name: string }>, value: string) =>
  options.find((option) => option.value === value)?.name ?? value;

export async function exportContacts(since?: string): Promise<CsvExport> {
  const rows = await formEntryRepository.listContacts(utc(since));
  return {
    count: rows.length,
    csv: formatCsv(
      ['id', 'received_at', 'email', 'contact_type', 'contact_type_name', 'content', 'user_id'],
      rows.map((row) => [
        row.id,
        formatTokyoIso(row.received_at),
        row.email,
        row.contact_type,
        nameOf(contactTypes, row.contact_type),
        row.content,
        row.user_id,
      ]),
    ),
  };
}

const masterFields = new Set<string>(Object.keys(campaignMasterLists));

export async function exportCampaignEntries(since?: string): Promise<CsvExport> {
  const rows = await formEntryRepository.listCampaignEntries(CAMPAIGN_ID, utc(since));
  return {
    count: rows.length,
    csv: formatCsv(
      ['id', 'received_at', ...campaignFieldNames],
      rows.map((row) => [
        row.id,
        formatTokyoIso(row.received_at),
        ...campaignFieldNames.map((field) =>
          masterFields.has(field)
            ? nameOf(campaignMasterLists[field as keyof typeof campaignMasterLists], row[field])
            : row[field],
        ),
      ]),
    ),
  };
}
