import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';

/** What the contact form holds between its input, confirm and complete screens (never stored). */
export interface ContactDraft {
  email: string;
  contactType: string;
  contactContent: string;
  /** The privacy-policy agreement: required to go on, never sent. */
  agreed: boolean;
}

const empty: ContactDraft = { email: '', contactType: '', contactContent: '', agreed: false };
const store = createStore<ContactDraft>(empty);

export const setContactDraft = (draft: ContactDraft) => store.set(draft);
/** Clears every field and unchecks the agreement. */
export const resetContactDraft = () => store.set(empty);
export const useContactDraft = () => useSyncExternalStore(store.subscribe, store.get, store.get);
