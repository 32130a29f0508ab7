import { apiUrl, networkAnswer, playerToken } from '../render-app';
import type { ScreenPlayer } from '../players';

/**
 * A call to the API as a player of the suite (frontend/test/screens/players.ts), for what a screen
 * test sets up (a guild, a team) or compares with (a sample user's guild, a team as stored). Fails on
 * anything but a 2xx answer, saying what the API answered.
 */
export async function apiAs<T>(
  player: ScreenPlayer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await networkAnswer(
    new Request(new URL(path, apiUrl()), {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${playerToken(player)}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
