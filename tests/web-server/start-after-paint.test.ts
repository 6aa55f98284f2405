// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of web-server/ (no types)
import * as prerender from '../../web-server/build-prerender.mjs';

const { scriptsAfterPaint } = prerender as unknown as {
  scriptsAfterPaint: (html: string, routeChunks?: string[]) => string;
};

/**
 * The inline script of a prerendered page (issue 15): nothing is fetched while the page paints its
 * HTML; in the frame after, the route's chunks (modulepreload) and the entry script join the head.
 */

const PAGE = scriptsAfterPaint(
  `<!doctype html><html lang="it"><head><script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B2.js"></head><body><div id="root"><h1>Ciao</h1></div></body></html>`,
  ['assets/step-C3.js'],
);
const EXPECTED = [
  'link /assets/react-B2.js crossorigin=""',
  'link /assets/step-C3.js crossorigin=""',
  'script /assets/index-A1.js crossorigin=""',
];

const modules = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
    (element) =>
      `${element.tagName.toLowerCase()} ${element.getAttribute('src') ?? element.getAttribute('href')} crossorigin=${JSON.stringify(element.getAttribute('crossorigin'))}`,
  );

/** Runs the page's inline script (as the page has it: text and list) in this document. */
function runPageScript(visibility: 'visible' | 'hidden') {
  const inline = new DOMParser().parseFromString(PAGE, 'text/html').querySelector('script')!;
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  const script = document.createElement('script');
  script.dataset.modules = inline.dataset.modules;
  script.textContent = inline.textContent;
  document.body.append(script);
}

/** The next frame (jsdom draws 60 a second): its callbacks run in the order they were asked for. */
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('startAfterPaint', () => {
  it('adds the scripts after the frame the page paints in, not before', async () => {
    runPageScript('visible');
    expect(modules()).toEqual([]);
    // The frame the page paints in: nothing yet, the script only waits for it to end.
    await frame();
    expect(modules()).toEqual([]);
    await tick();
    expect(modules()).toEqual(EXPECTED);
  });

  it('adds them at once in a tab in the background, which paints nothing', () => {
    runPageScript('hidden');
    expect(modules()).toEqual(EXPECTED);
  });
});
