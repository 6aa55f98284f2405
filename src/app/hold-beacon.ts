/**
 * Issue 28: closing the tab (or leaving for another site) gives her held time back at once, with a
 * beacon on `pagehide` (the only request a page may still send then); without it the hold would
 * stay until its expiry. A reload sends it too: the page that loads holds the time again.
 */
import { releaseHoldBeaconCall } from '../../contract/calls';
import { API_BASE_URL } from '../lib/env';
import { holderKey } from '../lib/storage';
import type { AppActor } from './app-actor';

/** Listens for the page being left; returns how to stop listening. */
export function releaseHoldOnPageHide(actor: AppActor, baseUrl: string = API_BASE_URL): () => void {
  const onPageHide = () => {
    if (actor.getSnapshot().context.heldKey === null) return;
    // text/plain: a simple request, sent without a preflight the closing page could not wait for.
    const body = new Blob([JSON.stringify({ holderKey: holderKey() })], { type: 'text/plain' });
    navigator.sendBeacon?.(`${baseUrl.replace(/\/+$/, '')}${releaseHoldBeaconCall.route}`, body);
  };
  window.addEventListener('pagehide', onPageHide);
  return () => window.removeEventListener('pagehide', onPageHide);
}
