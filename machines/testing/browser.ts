/**
 * The browser around the app, as the model's person uses it: a tab's history (its entries, the one
 * shown, the page load each belongs to), Back and Forward, a reload, a URL typed in the address bar.
 * Used by the pure system model (system.ts) and by the harness that replays paths on the real actor
 * (tests/machines/harness.ts), so both walk the same history.
 *
 * What the app does with the history is the shell's (src/shell/route-sync.ts): every URL the
 * browser shows is reported to the machine (`route.changed`); when the machine's URL then differs,
 * the app follows it, pushing an entry when the machine moved on from a URL the page showed
 * (AVANTI, INDIETRO, a sign-in) and replacing it otherwise (a redirect, a correction).
 *
 * Reload, a typed URL, and Back or Forward to an entry of another page load start the app anew (the
 * e2e replay turns Chromium's back-forward cache off): a stored credential and the draft saved in
 * session storage are what survive (src/app/draft-storage.ts). The saved draft goes through the
 * contract's schema, as the app reads it back.
 */
import * as v from 'valibot';
import { SAVED_DRAFT_VERSION, savedDraftSchema } from '../../contract/draft';
import type { AppContext, AppInput } from '../app/context';
import type { AppEvent } from '../app/events';
import { isProPath, pathOf, routeEvent, searchKept } from '../app/routing';
import type { AnyMachineSnapshot } from 'xstate';

export interface HistoryEntry {
  path: string;
  search: string;
  /** The page load the entry belongs to: Back or Forward to another one loads the page. */
  load: number;
}

export interface BrowserHistory {
  entries: HistoryEntry[];
  /** The entry shown (-1 before the first URL). */
  index: number;
  /** Page loads so far. */
  loads: number;
  /** The URL the page shown was loaded at (before any redirect of the app): what a reload asked for. */
  loadedAt?: string;
}

/** What the person does with the browser itself. */
export type BrowserEvent =
  | { type: 'browser.back' }
  | { type: 'browser.forward' }
  | { type: 'browser.reload' }
  /** A URL typed in the address bar (a new page load). */
  | { type: 'browser.open'; path: string; search?: string };

export const BROWSER_EVENT_TYPES = ['browser.back', 'browser.forward', 'browser.reload', 'browser.open'] as const;

export const isBrowserEvent = (event: { type: string }): event is BrowserEvent =>
  (BROWSER_EVENT_TYPES as readonly string[]).includes(event.type);

export const EMPTY_HISTORY: BrowserHistory = { entries: [], index: -1, loads: 0 };

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const currentEntry = (history: BrowserHistory): HistoryEntry | undefined => history.entries[history.index];

export const canGoBack = (history: BrowserHistory): boolean => history.index > 0;
export const canGoForward = (history: BrowserHistory): boolean => history.index < history.entries.length - 1;

/** A new entry after the one shown (the ones ahead of it are gone, as in any browser). */
const push = (history: BrowserHistory, entry: HistoryEntry): BrowserHistory => ({
  ...history,
  entries: [...history.entries.slice(0, history.index + 1), entry],
  index: history.index + 1,
});

const replace = (history: BrowserHistory, entry: HistoryEntry): BrowserHistory => ({
  ...history,
  entries: history.entries.map((known, index) => (index === history.index ? entry : known)),
});

/** What a browser event does to the app: the URL it reports, and whether the page loads anew. */
export interface Navigation {
  history: BrowserHistory;
  route: AppEvent;
  /** The app starts anew (a reload, a typed URL, Back or Forward to another page load). */
  load: boolean;
}

/** The navigation a browser event makes; null when there is nothing to go to (no Back at the first entry). */
export function navigate(history: BrowserHistory, event: BrowserEvent): Navigation | null {
  const shown = currentEntry(history);
  switch (event.type) {
    case 'browser.back':
    case 'browser.forward': {
      const index = history.index + (event.type === 'browser.back' ? -1 : 1);
      const entry = history.entries[index];
      if (!entry || !shown) return null;
      if (entry.load === shown.load)
        return { history: { ...history, index }, route: routeEvent(entry.path, entry.search), load: false };
      // Another page load's entry: the page loads again, and the entry belongs to the new one.
      const loads = history.loads + 1;
      const moved = { ...history, index, loads, loadedAt: entry.path };
      return {
        history: replace(moved, { ...entry, load: loads }),
        route: routeEvent(entry.path, entry.search, true),
        load: true,
      };
    }
    case 'browser.reload': {
      if (!shown) return null;
      const loads = history.loads + 1;
      return {
        history: replace({ ...history, loads, loadedAt: shown.path }, { ...shown, load: loads }),
        route: routeEvent(shown.path, shown.search, true),
        load: true,
      };
    }
    case 'browser.open': {
      const loads = history.loads + 1;
      const entry = { path: event.path, search: event.search ?? '', load: loads };
      // The URL shown typed again: the browser loads it in place of the entry, as a reload.
      if (shown && trim(shown.path) === trim(entry.path) && shown.search === entry.search)
        return {
          history: replace({ ...history, loads, loadedAt: entry.path }, entry),
          route: routeEvent(entry.path, entry.search, true),
          load: true,
        };
      return {
        history: { ...push(history, entry), loads, loadedAt: entry.path },
        route: routeEvent(entry.path, entry.search, true),
        load: true,
      };
    }
  }
}

/**
 * A URL the app itself was told of: the page's first URL (a load), or a link followed inside the app
 * (a new entry of the same page load).
 */
export function reportRoute(history: BrowserHistory, event: { path: string; search?: string }): BrowserHistory {
  const shown = currentEntry(history);
  if (!shown)
    return {
      entries: [{ path: event.path, search: event.search ?? '', load: 1 }],
      index: 0,
      loads: 1,
      loadedAt: event.path,
    };
  return push(history, { path: event.path, search: event.search ?? '', load: shown.load });
}

/**
 * The app follows the machine (route-sync's `reconcile`): when the machine's URL differs from the one
 * shown, a push if the machine moved on from the URL the page showed, else a replace. After a URL
 * the browser reported (`reported`), always a replace: the machine corrected where she went.
 */
export function followMachine(
  history: BrowserHistory,
  machineBefore: string | null,
  root: AnyMachineSnapshot,
  reported: boolean,
): BrowserHistory {
  const target = pathOf(root as never);
  const shown = currentEntry(history);
  if (target === null || !shown) return history;
  const search = searchKept((root.context as AppContext).screen, target, shown.search);
  if (trim(target) === trim(shown.path))
    return search === shown.search ? history : replace(history, { ...shown, search });
  const entry = { path: target, search, load: shown.load };
  const movedOn = !reported && machineBefore !== null && trim(machineBefore) === trim(shown.path);
  return movedOn ? push(history, entry) : replace(history, entry);
}

/** The machine's URL now (null: it leaves the URL as it is). */
export const machinePath = (root: AnyMachineSnapshot): string | null => pathOf(root as never);

/**
 * The input of the app started anew in this tab at `path`: the same start (its experiment, its
 * option), the credential if one is stored, the professionals' side when `path` is one of its pages
 * (src/start-app.tsx loads it then, whatever the page before was), and the draft session storage holds
 * (with its service list), read back through the contract's schema. Nothing else survives a page load.
 */
export function inputAfterLoad(start: AppInput, root: AnyMachineSnapshot, path: string): AppInput {
  const context = root.context as AppContext;
  const input: AppInput = {
    today: start.today,
    ...(start.autoSelectAddress ? { autoSelectAddress: true } : {}),
    ...(start.abTest ? { abTest: start.abTest } : {}),
    ...(context.hasCredential ? { hasCredential: true } : {}),
    ...(isProPath(path) ? { proSide: true } : {}),
  };
  if (booked(root) || context.draft.location === null) return input;
  const saved = v.safeParse(
    savedDraftSchema,
    JSON.parse(
      JSON.stringify({
        version: SAVED_DRAFT_VERSION,
        draft: context.draft,
        services: context.services,
        confirmedTime: context.confirmedTime,
      }),
    ),
  );
  if (!saved.success) throw new Error(`The draft the app saves does not read back: ${saved.issues[0].message}`);
  const { draft, services, confirmedTime } = saved.output;
  return { ...input, draft, services, confirmedTime: confirmedTime ?? null };
}

/** The booking was made: the saved draft was forgotten (forgetSavedDraft), the browser leaves the app. */
export const booked = (root: AnyMachineSnapshot): boolean =>
  root._nodes.some((node: { key: string; parent?: { key: string } }) => node.key === 'completed');
