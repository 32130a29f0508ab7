import { randomUUID } from 'node:crypto';
import { config } from '../lib/config';
import { outboxRepository } from '../db/repositories/outbox-repository';
import { hostTimeMs, now as clockNow } from '../lib/clock';
import { secretVersion } from '../lib/secret-versions';

/** One text to many LINE users at once: the Messaging API's multicast (at most 500 user ids). */
export interface LineMulticast {
  /** The LINE user ids (the subjects of the players' LINE sign-ins). */
  to: readonly string[];
  text: string;
}

/** What the local LINE outbox keeps: one entry per recipient, with the call it came in. */
export interface LineOutboxMessage {
  id: string;
  sent_at: string;
  to: string;
  text: string;
  /** The multicast call that sent it: one per call, shared by its recipients. */
  call_id: string;
}

const multicastEndpoint = 'https://api.line.me/v2/bot/message/multicast';
const maxRecipients = 500;

/**
 * The LINE port: the Messaging API's multicast where a channel is configured (with its access
 * token), the local LINE outbox (read at /dev/line-outbox) in the local stack. A refused call throws,
 * so the caller can give its recipients' messages back and send them again later.
 */
export async function multicastLine(message: LineMulticast, now = clockNow()): Promise<void> {
  const { LINE_TRANSPORT: transport } = config();
  if (transport === 'none') throw new Error('no LINE channel is configured (LINE_TRANSPORT)');
  if (message.to.length === 0 || message.to.length > maxRecipients)
    throw new Error(`a LINE multicast takes 1 to ${maxRecipients} user ids (${message.to.length} given)`);
  if (transport === 'messaging-api') {
    const response = await fetch(multicastEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await channelToken()}` },
      body: JSON.stringify({ to: message.to, messages: [{ type: 'text', text: message.text }] }),
    });
    if (!response.ok) throw new Error(`LINE multicast answered ${response.status}`);
    return;
  }
  const callId = randomUUID();
  await Promise.all(
    message.to.map((to) =>
      outboxRepository.keepLineMessage({ to, text: message.text, call_id: callId }, now),
    ),
  );
}

/** How often the token is read again: a token reissued in the secret reaches the senders within it. */
const tokenReloadMs = 5 * 60_000;
let loadedToken: { token: string; at: number } | undefined;

/**
 * The Messaging API channel's access token: given as it is (LINE_CHANNEL_ACCESS_TOKEN), or in AWS
 * read from its secret (LINE_CHANNEL_SECRET_ID, JSON `channelAccessToken`), which only the reminder
 * sender may read.
 */
async function channelToken(nowMs = hostTimeMs()): Promise<string> {
  const { LINE_CHANNEL_ACCESS_TOKEN: given, LINE_CHANNEL_SECRET_ID: secretId } = config();
  if (given) return given;
  if (!secretId) throw new Error('no LINE channel access token (LINE_CHANNEL_SECRET_ID)');
  if (loadedToken && nowMs - loadedToken.at < tokenReloadMs) return loadedToken.token;
  const value = await secretVersion(secretId, 'AWSCURRENT');
  const token = (JSON.parse(value ?? '{}') as { channelAccessToken?: unknown }).channelAccessToken;
  if (typeof token !== 'string' || token === '')
    throw new Error(`the secret ${secretId} has no channelAccessToken`);
  loadedToken = { token, at: nowMs };
  return token;
}

/** Forgets the token read (tests that change the secret). */
export function resetLineToken(): void {
  loadedToken = undefined;
}

/** The local LINE outbox, newest first (the local stack's /dev/line-outbox). */
export async function listLineOutbox(to?: string): Promise<LineOutboxMessage[]> {
  return outboxRepository.listLineMessages<Omit<LineOutboxMessage, 'id' | 'sent_at'>>(to);
}

/** Whether LINE messages can be sent at all here. */
export const lineConfigured = () => config().LINE_TRANSPORT !== 'none';
