import { useSyncExternalStore } from 'react';
import { createStore } from '../../lib/create-store';
import type { ProfileDraft } from './api/account-calls';

/**
 * The profile typed on /register/necessary, carried to /register/confirm (the picture as the chosen
 * file). It lives for the page's life only: a reload of the confirm step starts the form again.
 */
const store = createStore<ProfileDraft | null>(null);

export const setRegistrationDraft = store.set;
export const useRegistrationDraft = () => useSyncExternalStore(store.subscribe, store.get, store.get);
