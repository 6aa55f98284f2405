import { STORAGE_KEYS, USER_COOKIE_MAX_AGE_SECONDS } from '../../contract/constants';

/**
 * The browser's stored items (SPEC §3): the bearer credential and the read-once error message in
 * local storage, the wizard's draft in session storage (one tab's booking), and the user-id cookie. Storage can throw (private mode, quota, disabled cookies):
 * every helper degrades to "nothing stored" instead of breaking the page.
 */

type Area = 'localStorage' | 'sessionStorage';

function area(name: Area): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

function read(key: string, from: Area = 'localStorage'): string | null {
  try {
    return area(from)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, to: Area = 'localStorage'): void {
  try {
    const storage = area(to);
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // A full or disabled storage only loses the item; the session goes on in memory.
  }
}

export const getCredential = (): string | null => read(STORAGE_KEYS.credential) || null;
export const setCredential = (token: string): void => write(STORAGE_KEYS.credential, token);
export const clearCredential = (): void => write(STORAGE_KEYS.credential, null);
export const hasCredential = (): boolean => getCredential() !== null;

/** Keeps a message for an error toast on the next load (SPEC §2, §8). */
export const storeToastErrorMessage = (message: string): void => write(STORAGE_KEYS.toastErrorMessage, message);

/** The stored error message, removed as it is read: it is shown once. */
export function takeToastErrorMessage(): string | null {
  const message = read(STORAGE_KEYS.toastErrorMessage);
  if (message !== null) write(STORAGE_KEYS.toastErrorMessage, null);
  return message || null;
}

/** The saved draft (JSON), checked by its reader: anything may be in a browser's storage. */
export const getSavedDraft = (): string | null => read(STORAGE_KEYS.draft, 'sessionStorage');
export const saveDraft = (json: string): void => write(STORAGE_KEYS.draft, json, 'sessionStorage');
export const forgetSavedDraft = (): void => write(STORAGE_KEYS.draft, null, 'sessionStorage');

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page not served over HTTPS). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let pageHolderKey: string | null = null;

/**
 * Issue 28: the tab session's holder key, made once (session storage, read once per page: every
 * call that carries it asks here; in memory only when storage is off, so the page still holds one
 * time at a time).
 */
export function holderKey(): string {
  if (pageHolderKey) return pageHolderKey;
  pageHolderKey = read(STORAGE_KEYS.holderKey, 'sessionStorage') ?? randomUuid();
  write(STORAGE_KEYS.holderKey, pageHolderKey, 'sessionStorage');
  return pageHolderKey;
}

/** SPEC §4: after a booking the user id is kept in a cookie for 30 days. */
export function setUserIdCookie(userId: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${STORAGE_KEYS.userCookie}=${encodeURIComponent(userId)}; Max-Age=${USER_COOKIE_MAX_AGE_SECONDS}` +
    `; Path=/; SameSite=Lax${secure}`;
}

export function getUserIdCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${STORAGE_KEYS.userCookie}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}
