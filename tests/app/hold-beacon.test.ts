// @vitest-environment jsdom
/**
 * Issue 28: her holder key (one per tab session, a UUID the API accepts) and the pagehide beacon
 * that gives her held time back when she closes the tab.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseHoldOnPageHide } from '../../src/app/hold-beacon';
import type { AppActor } from '../../src/app/app-actor';
import { holderKey } from '../../src/lib/storage';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('her holder key', () => {
  it('is made once per tab session, kept in session storage, a UUID v4', () => {
    const key = holderKey();
    expect(key).toMatch(UUID_V4);
    expect(holderKey()).toBe(key);
    expect(window.sessionStorage.getItem('musa-holder-key')).toBe(key);
  });

  it('is a UUID v4 also where crypto.randomUUID is missing (a page not served over HTTPS)', async () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set<string>();
      for (let page = 0; page < 20; page++) {
        // Each a new page (the module anew) in a new tab session.
        window.sessionStorage.clear();
        vi.resetModules();
        keys.add((await import('../../src/lib/storage')).holderKey());
      }
      for (const key of keys) expect(key).toMatch(UUID_V4);
      expect(keys.size).toBe(20);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('the pagehide beacon', () => {
  const actorHolding = (heldKey: string | null) =>
    ({ getSnapshot: () => ({ context: { heldKey } }) }) as unknown as AppActor;

  it('gives her held time back: POST /bookings/holds/release, her key as text/plain', async () => {
    const beacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const stop = releaseHoldOnPageHide(actorHolding('2026-11-24 10:00 '), 'https://api.example.it/');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('https://api.example.it/bookings/holds/release');
    expect(body.type).toBe('text/plain');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body);
    });
    expect(JSON.parse(text)).toEqual({ holderKey: holderKey() });
  });

  it('sends nothing when nothing is held', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const stop = releaseHoldOnPageHide(actorHolding(null), 'https://api.example.it');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(beacon).not.toHaveBeenCalled();
  });
});
