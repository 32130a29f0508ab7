import { keys } from '../db/keys';
import { config } from '../lib/config';
import { keepInOutbox, readOutbox } from './local-outbox';
import { now as clockNow } from '../lib/clock';

export interface LineMessage {
  /** The LINE user id (the subject of the player's LINE sign-in). */
  to: string;
  text: string;
}

export interface LineOutboxMessage extends LineMessage {
  id: string;
  sent_at: string;
}

const outboxPartition = keys.lineOutboxMessage('', '').PK;
const pushEndpoint = 'https://api.line.me/v2/bot/message/push';

/**
 * The LINE port: the Messaging API's push where a channel is configured (with its access token), the
 * local LINE outbox (read at /dev/line-outbox) in the local stack. A refused push throws, so the caller can
 * give the message back and try it on the next run.
 */
export async function sendLine(message: LineMessage, now = clockNow()): Promise<void> {
  const { LINE_TRANSPORT: transport, LINE_CHANNEL_ACCESS_TOKEN: token } = config();
  if (transport === 'none') throw new Error('no LINE channel is configured (LINE_TRANSPORT)');
  if (transport === 'messaging-api') {
    const response = await fetch(pushEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ to: message.to, messages: [{ type: 'text', text: message.text }] }),
    });
    if (!response.ok) throw new Error(`LINE push answered ${response.status}`);
    return;
  }
  await keepInOutbox(keys.lineOutboxMessage, 'line_outbox_message', message, now);
}

/** The local LINE outbox, newest first (the local stack's /dev/line-outbox). */
export async function listLineOutbox(): Promise<LineOutboxMessage[]> {
  return readOutbox<LineMessage>(outboxPartition);
}

/** Whether LINE messages can be sent at all here. */
export const lineConfigured = () => config().LINE_TRANSPORT !== 'none';
