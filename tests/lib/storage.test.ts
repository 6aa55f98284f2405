// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../contract/constants';
import {
  clearCredential,
  getCredential,
  getUserIdCookie,
  hasCredential,
  setCredential,
  setUserIdCookie,
  storeToastErrorMessage,
  takeToastErrorMessage,
} from '../../src/lib/storage';

afterEach(() => localStorage.clear());

describe('stored items', () => {
  it('keeps the credential under its fixed key and clears it', () => {
    expect(hasCredential()).toBe(false);
    setCredential('abc.def');
    expect(localStorage.getItem(STORAGE_KEYS.credential)).toBe('abc.def');
    expect(getCredential()).toBe('abc.def');
    clearCredential();
    expect(getCredential()).toBeNull();
  });
  it('gives the toast error message once, then forgets it', () => {
    storeToastErrorMessage('Link scaduto');
    expect(localStorage.getItem('toast-error-message')).toBe('Link scaduto');
    expect(takeToastErrorMessage()).toBe('Link scaduto');
    expect(takeToastErrorMessage()).toBeNull();
  });
  it('writes the user-id cookie for 30 days', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        descriptor.set!.call(document, value);
      },
    });
    setUserIdCookie('user 42');
    expect(writes[0]).toContain('Max-Age=2592000');
    expect(writes[0]).toContain('Path=/');
    expect(getUserIdCookie()).toBe('user 42');
    Reflect.deleteProperty(document, 'cookie');
  });
});
