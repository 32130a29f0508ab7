import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';

/** The claim form between its input and confirm screens (never stored). */
export interface PrizeEntryDraft {
  id: string;
  email: string;
  email_confirmation: string;
}

const empty: PrizeEntryDraft = { id: '', email: '', email_confirmation: '' };
const store = createStore<PrizeEntryDraft>(empty);

export const setPrizeEntryDraft = (draft: PrizeEntryDraft) => store.set(draft);
/** Clears both e-mail fields. */
export const resetPrizeEntryDraft = () => store.set(empty);
export const usePrizeEntryDraft = () => useSyncExternalStore(store.subscribe, store.get, store.get);
