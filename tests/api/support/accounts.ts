/** A player's account through the real calls: the mails the game sends, their links, the profile form. */
import { expect } from 'vitest';
import { api, baseUrl } from './api';

type Outbox = { messages: Array<{ to: string; subject: string; text: string }> };

export const mailsTo = async (to: string) =>
  (await api<Outbox>('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.messages ?? [];

/** The token of the newest link mailed to an address (for the given page). */
export async function linkToken(to: string, path: string): Promise<string> {
  const [latest] = await mailsTo(to);
  expect(latest, `a mail to ${to}`).toBeDefined();
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(latest!.text);
  expect(match, latest!.text).not.toBeNull();
  return match![1]!;
}

export const profile = {
  nickname: '新人ゴルファー',
  gender: '1',
  age: '3',
  address: '13',
  golf_play_history: '2',
};

/** The profile form as the SPA posts it (multipart, with a picture when given). */
export async function multipart(path: string, token: string, fields: Record<string, string>, file?: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('profile_img', new Blob([file], { type: 'image/png' }), 'me.png');
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
