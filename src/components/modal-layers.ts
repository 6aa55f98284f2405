/**
 * Two things Ark's dialog (zag 1.43) leaves to us (issue 41), for src/components/dialog.tsx.
 *
 * **The page behind a modal is inert.** zag marks it `aria-hidden` (one animation frame after the
 * opening): assistive technology skips it, but it can still take the focus of a script, a click
 * that finds its way, and axe still judges its colours through the backdrop fading in (the day
 * picker behind 'Filtra professionista' read as low contrast). `inert` says what the page is
 * while a modal is open: nothing behind it can be reached, read or judged (axe-core ≥ 4.7 skips
 * inert content). The toasts stay usable: what is said while the dialog is open (a saved profile, an
 * error) can be read and closed.
 *
 * **A closing dialog always leaves.** zag's presence keeps the closing layer mounted until its exit
 * animation's `animationend`, with a listener it adds in an animation frame after the close. A frame
 * that comes after the animation's end (a main thread held for longer than the 240 ms exit; Playwright's
 * clock, whose frames are timers; a tab hidden and shown again) misses the event: the layer stays,
 * `data-state="closed"`, forever, and its full-screen positioner takes every click meant for the page.
 * completeMissedExit tells zag the end it missed.
 */

/** The toasts' region (Ark's toaster group), kept reachable behind a modal. */
const TOASTS = '[data-scope="toast"][data-part="group"]';

/** How many open modals made each element inert (a second modal over the first counts twice). */
const inertBy = new WeakMap<Element, number>();

/** Not made inert: scripts and live regions (what they announce is still heard). */
const leftAlone = (element: Element) =>
  element.localName === 'script' ||
  element.getAttribute('role') === 'status' ||
  element.hasAttribute('aria-live') ||
  element.matches(TOASTS);

/**
 * Makes everything in the document's body inert except `layers` (the open modal's own: its backdrop
 * and positioner), the toasts' region and live regions, and the elements holding them. Undone by
 * the function it returns; an element already inert by someone else's doing stays so.
 */
export function inertOutside(layers: readonly Element[]): () => void {
  const document = layers[0]?.ownerDocument;
  if (!document) return () => {};
  const kept = [...layers, ...document.querySelectorAll(TOASTS)];
  const holders = new Set<Element>();
  for (const element of kept)
    for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) holders.add(at);
  const made: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (kept.includes(child) || leftAlone(child)) continue;
      if (holders.has(child)) {
        walk(child);
        continue;
      }
      const count = inertBy.get(child);
      if (count === undefined && child.hasAttribute('inert')) continue;
      inertBy.set(child, (count ?? 0) + 1);
      child.setAttribute('inert', '');
      made.push(child);
    }
  };
  walk(document.body);
  return () => {
    for (const element of made) {
      const count = (inertBy.get(element) ?? 1) - 1;
      if (count > 0) {
        inertBy.set(element, count);
        continue;
      }
      inertBy.delete(element);
      element.removeAttribute('inert');
    }
  };
}

/** The events completeMissedExit sends itself (not the browser's). */
const told = new WeakSet<Event>();
/** The layers watched already: a layer is watched once, for its whole life (its refs come and go with each render). */
const watched = new WeakSet<HTMLElement>();

/**
 * Watches a layer zag's presence mounts and unmounts (a dialog's content, its backdrop), from its
 * mount to its removal: when its exit animation has ended (`animationend` or `animationcancel` while
 * `data-state="closed"`) and zag starts waiting for that end only afterwards (it holds the layer's
 * last frame with an inline `animation-fill-mode: forwards` from the moment it listens), the layer
 * is sent the `animationend` zag missed, and zag unmounts it.
 */
export function completeMissedExit(layer: HTMLElement): void {
  if (watched.has(layer)) return;
  watched.add(layer);
  let ended = false;
  const tell = () => {
    if (!ended || layer.style.animationFillMode !== 'forwards') return;
    if (!layer.isConnected || layer.dataset.state !== 'closed') return;
    ended = false;
    const view = layer.ownerDocument.defaultView;
    const animationName = view?.getComputedStyle(layer).animationName ?? '';
    const event =
      typeof view?.AnimationEvent === 'function'
        ? new view.AnimationEvent('animationend', { animationName })
        : new Event('animationend');
    told.add(event);
    layer.dispatchEvent(event);
  };
  const onEnd = (event: Event) => {
    if (told.has(event) || event.target !== layer || layer.dataset.state !== 'closed') return;
    ended = true;
  };
  layer.addEventListener('animationend', onEnd);
  layer.addEventListener('animationcancel', onEnd);
  new MutationObserver(() => {
    if (layer.dataset.state !== 'closed') ended = false;
    else tell();
  }).observe(layer, { attributes: true, attributeFilter: ['style', 'data-state'] });
}
