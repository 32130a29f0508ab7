import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/create-store';
import type { ProfileDraft } from './api/account-calls';

/**
 * The profile typed on /register/necessary, carried to /register/confirm (the picture as the chosen
 * file). It is kept in the tab's sessionStorage until it is sent, so a reload of the confirm step
 * still has it; it holds no secret (the password was sent with the e-mail step).
 */
const storageKey = 'golf.registration-draft';

interface StoredPicture {
  name: string;
  type: string;
  /** The file's bytes, base64. */
  data: string;
}

type StoredDraft = Omit<ProfileDraft, 'image'> & {
  image: StoredPicture | null;
  /** The picture was too large to keep: after a reload it is chosen again on the form. */
  pictureLost?: boolean;
};

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

const fromBase64 = (data: string) => Uint8Array.from(atob(data), (c) => c.charCodeAt(0));

function load(): { draft: ProfileDraft | null; pictureLost: boolean } {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(storageKey);
    if (!text) return { draft: null, pictureLost: false };
    const { image, pictureLost, ...fields } = JSON.parse(text) as StoredDraft;
    const file = image ? new File([fromBase64(image.data)], image.name, { type: image.type }) : null;
    return { draft: { ...fields, image: file }, pictureLost: Boolean(pictureLost) };
  } catch {
    return { draft: null, pictureLost: false };
  }
}

const loaded = load();
const store = createStore<ProfileDraft | null>(loaded.draft);
let pictureLost = loaded.pictureLost;
/** The latest write: a slow picture's encoding never overwrites a newer draft. */
let writes = 0;

function write(stored: StoredDraft | null): void {
  try {
    if (stored) sessionStorage.setItem(storageKey, JSON.stringify(stored));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Full (a large picture): the fields are kept without it.
    if (stored?.image) write({ ...stored, image: null, pictureLost: true });
  }
}

/** Replaces the draft; the promise settles once it is kept (its picture read) for a reload. */
export async function setRegistrationDraft(draft: ProfileDraft | null): Promise<void> {
  store.set(draft);
  pictureLost = false;
  const thisWrite = ++writes;
  if (!draft) return write(null);
  const { image, ...fields } = draft;
  let picture: StoredPicture | null = null;
  try {
    if (image)
      picture = {
        name: image.name,
        type: image.type,
        data: toBase64(new Uint8Array(await image.arrayBuffer())),
      };
  } catch {
    // Unreadable: kept without it, as a picture too large to keep.
  }
  // A newer draft was set while the picture was read.
  if (thisWrite !== writes) return;
  write({ ...fields, image: picture, ...(image && !picture && { pictureLost: true }) });
}

export const useRegistrationDraft = () => useSyncExternalStore(store.subscribe, store.get, store.get);

/** The draft came back from a reload without the picture it had: the form asks for it again. */
export const registrationPictureLost = () => pictureLost;
