import type { ScreenPlayer } from '../players';
import { apiUrl, playerToken } from '../render-app';

/**
 * The API as a player of the suite calls it, with their token: what a game screen must show, and the
 * teams a test gives its own players before it opens a page.
 */
export async function apiAs<T>(
  player: ScreenPlayer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(new URL(path, apiUrl()), {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${playerToken(player)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
