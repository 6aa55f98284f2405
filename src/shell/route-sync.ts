import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { pathOf, routeEvent, searchKept } from '../../machines/app/routing';
import { takeToastErrorMessage } from '../lib/storage';
import { trackPageView } from '../lib/analytics';
import { dismissAllToasts, dismissToastsExcept, takeRecentToasts, toastError } from '../app/toasts';
import type { AppActor } from '../app/app-actor';

/**
 * URL ↔ machine (ARCHITECTURE, CONVENTIONS §4). The machine decides where the user is:
 * - every location the router resolves (link, back/forward, typed URL, deep link, the first
 *   load) is reported with `routeEvent(pathname, search)`;
 * - whenever the machine's URL (`pathOf`) differs from the router's, the router follows, keeping the
 *   query string (minus a session link's token/email once its screen is left): a history
 *   replace when it corrects the URL, a push when the user moved on (see `reconcile`).
 * Every route change scrolls the main area to the top and dismisses the toasts (SPEC §2); a move
 * the machine makes keeps only the toasts its own transition raised ('Benvenuta Musa!').
 */

/** Booting or loading the profile: the machine has not decided what the user sees yet. */
const settling = (snapshot: ReturnType<AppActor['getSnapshot']>) =>
  snapshot.matches({ session: 'booting' }) || snapshot.matches({ session: 'loadingProfile' });

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
/** A location as the sync compares them: path and query string. */
const hrefOf = (location: ParsedLocation) => `${location.pathname}${location.searchStr}`;
export interface RouteSyncOptions {
  /** The scrolling main area (scrolled to the top on each route change). */
  getMainElement?: () => HTMLElement | null;
}

export function syncRouterWithActor(router: AnyRouter, actor: AppActor, options: RouteSyncOptions = {}): () => void {
  let reportedHref: string | null = null;
  let machineHref: string | null = null;
  let reporting = false;
  // The screen counts too: a failed token login stays on /login but must drop ?token.
  const machineKey = (snapshot: ReturnType<AppActor['getSnapshot']>) =>
    `${pathOf(snapshot)}|${snapshot.context.screen}`;
  let lastMachineKey = machineKey(actor.getSnapshot());

  const navigate = (href: string, replace: boolean) => {
    machineHref = href;
    void router.navigate({ href, replace });
  };

  /**
   * `push` when the machine moves on from a screen the URL already showed (AVANTI, INDIETRO, a
   * sign-in), so the browser's back button walks the steps; otherwise the URL is corrected in
   * place (a redirect, a deep link to an incomplete step, the end of loading or logging out).
   */
  const reconcile = (push = false) => {
    const snapshot = actor.getSnapshot();
    const target = pathOf(snapshot);
    lastMachineKey = machineKey(snapshot);
    const current = router.latestLocation;
    const search = searchKept(snapshot.context.screen, target ?? current.pathname, current.searchStr);
    if (target !== null && trim(target) !== trim(current.pathname)) navigate(`${target}${search}`, !push);
    else if (target !== null && search !== current.searchStr) navigate(`${current.pathname}${search}`, true);
  };

  const onRouteChange = (location: ParsedLocation, byMachine: boolean) => {
    const main = options.getMainElement?.();
    main?.scrollTo?.({ top: 0 });
    if (!byMachine) dismissAllToasts();
  };

  let pendingView: string | null = null;
  /**
   * One page view per route change (SPEC §7), once the machine has answered it: a URL it sends
   * elsewhere at once (/ for a visitor, a step not reached yet) is no view; the redirect's own
   * route change reports the page shown. Back, forward and a reload are route changes too.
   */
  const reportPageView = (location: ParsedLocation) => {
    const snapshot = actor.getSnapshot();
    // While the session settles (a stored credential, the profile loading) the view waits: it is
    // the signed-in customer's, with her e-mail, once the machine shows it.
    if (settling(snapshot)) pendingView = location.pathname;
    else showPageView(location.pathname);
  };
  const showPageView = (pathname: string) => {
    const target = pathOf(actor.getSnapshot());
    if (target === null || trim(target) === trim(pathname)) trackPageView(pathname);
  };

  const report = (location: ParsedLocation) => {
    const href = hrefOf(location);
    if (href === reportedHref) return;
    const firstLoad = reportedHref === null;
    const pathChanged = firstLoad || trim(reportedHref?.split('?')[0] ?? '') !== trim(location.pathname);
    const byMachine = href === machineHref;
    reportedHref = href;
    machineHref = null;
    if (pathChanged) onRouteChange(location, byMachine);
    // SPEC §2: a message kept in storage (a failed link, a lost session) shows once.
    const stored = takeToastErrorMessage();
    if (stored) toastError(stored);
    reporting = true;
    try {
      actor.send(routeEvent(location.pathname, location.searchStr, firstLoad));
    } finally {
      reporting = false;
    }
    reconcile();
    if (pathChanged) reportPageView(location);
  };

  const unreported = () => {
    const href = hrefOf(router.latestLocation);
    return reportedHref !== null && href !== reportedHref && href !== machineHref;
  };

  const stopRouter = router.subscribe('onResolved', (event) => report(event.toLocation));
  const subscription = actor.subscribe((snapshot) => {
    const raised = takeRecentToasts();
    if (pendingView !== null && !settling(snapshot)) {
      const pathname = pendingView;
      pendingView = null;
      showPageView(pathname);
    }
    if (reporting) return;
    if (machineKey(snapshot) === lastMachineKey) return;
    // A location the router is still resolving (a link, back or forward) is where the person is
    // going: the machine hears of it when it resolves, and `report` reconciles then. Reconciling now
    // would send her back to the page she left (the profile arriving meanwhile, say).
    if (unreported()) return;
    const previousPath = lastMachineKey.split('|')[0];
    if (previousPath !== String(pathOf(snapshot))) dismissToastsExcept(raised);
    const wasShown = previousPath !== 'null' && previousPath === trim(router.latestLocation.pathname);
    reconcile(wasShown);
  });
  // The router may have resolved before we subscribed (a preloaded first match).
  if (router.state.status === 'idle' && router.state.resolvedLocation) report(router.state.resolvedLocation);

  return () => {
    stopRouter();
    subscription.unsubscribe();
  };
}
