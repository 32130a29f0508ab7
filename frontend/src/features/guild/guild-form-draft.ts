import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';
import type { GuildFormBody } from './api/guild-mutations';

/** The create form between its input and confirm screens, with the uploaded image's preview. */
export interface GuildFormDraft {
  body: GuildFormBody;
  previewUrl: string | null;
}

const store = createStore<GuildFormDraft | null>(null);
export const setGuildFormDraft = (draft: GuildFormDraft | null) => store.set(draft);
export const useGuildFormDraft = () => useSyncExternalStore(store.subscribe, store.get, store.get);
