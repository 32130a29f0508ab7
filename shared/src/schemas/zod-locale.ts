import { z } from 'zod';

/** Field errors are shown to players as they come: Japanese messages on both sides. */
export function useJapaneseZodMessages(): void {
  z.config(z.locales.ja());
}
