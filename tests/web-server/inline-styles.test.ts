import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../web-server/policy';
import { readBuildFacts } from '../../web-server/server';
import { inlineStylesheets } from '../../web-server/vite-plugin';
// @ts-expect-error -- a plain ES module of web-server/ (no types)
import * as prerender from '../../web-server/build-prerender.mjs';

const { scriptsAfterPaint, START_AFTER_PAINT, START_AFTER_PAINT_HASH } = prerender as unknown as {
  scriptsAfterPaint: (html: string, routeChunks?: string[]) => string;
  START_AFTER_PAINT: string;
  START_AFTER_PAINT_HASH: string;
};

/**
 * Issue 15: the HTML pages carry the app's stylesheet inline, so that the first paint waits for no
 * request; the Content-Security-Policy allows that one stylesheet by its hash, never 'unsafe-inline'.
 * The prerendered pages add their scripts once they have painted, with one inline script allowed by
 * its hash (tests/web-server/start-after-paint.test.ts runs it).
 */

const CSS = '.heading_title__1{font-size:2rem}.field_input__2{border:1px solid #1f1a24}\n';
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const html = (head: string) =>
  `<!doctype html><html lang="it"><head><script type="module" crossorigin src="/assets/index-A1.js"></script>\n${head}</head><body><div id="root"></div></body></html>\n`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'musa-inline-styles-'));
  await mkdir(path.join(root, 'assets'));
  await mkdir(path.join(root, 'login'));
  await writeFile(path.join(root, 'assets', 'style-B2.css'), CSS);
  await writeFile(
    path.join(root, 'index.html'),
    html('<link rel="stylesheet" crossorigin href="/assets/style-B2.css">'),
  );
  await writeFile(
    path.join(root, 'login', 'index.html'),
    html('<link rel="stylesheet" crossorigin href="/assets/style-B2.css">'),
  );
  await writeFile(path.join(root, '404.html'), html(''));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('inlined stylesheet', () => {
  it('replaces the link of every page with the stylesheet itself and returns its hash', async () => {
    const pages = ['index.html', 'login/index.html', '404.html'].map((file) => path.join(root, file));
    const hashes = await inlineStylesheets(root, pages);
    expect(hashes).toEqual([sha256(CSS.trim())]);
    for (const page of pages.slice(0, 2)) {
      const text = await readFile(page, 'utf8');
      expect(text).not.toContain('rel="stylesheet"');
      expect(text).toContain(`<style>${CSS.trim()}</style>`);
      // The hash names exactly what sits between the tags, as the browser checks it.
      const inline = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1];
      expect(sha256(inline ?? '')).toBe(hashes[0]);
      expect(text).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    }
    expect(await readFile(pages[2]!, 'utf8')).toBe(html(''));
  });

  it('style-src allows the inlined stylesheet by hash, scripts stay without inline or eval', async () => {
    const hash = sha256(CSS.trim());
    await writeFile(
      path.join(root, '.web-server.json'),
      JSON.stringify({ apiOrigin: '', googleMaps: false, tagManager: false, styleHashes: [hash] }),
    );
    const policy = contentSecurityPolicy(await readBuildFacts(root));
    expect(policy).toContain(`style-src 'self' '${hash}'`);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/unsafe-(inline|eval|hashes)/);
  });

  it('ignores anything in the facts file that is not a sha256 hash', async () => {
    await writeFile(
      path.join(root, '.web-server.json'),
      JSON.stringify({ apiOrigin: '', googleMaps: false, tagManager: false, styleHashes: ["'unsafe-inline'"] }),
    );
    const facts = await readBuildFacts(root);
    expect(facts.styleHashes).toBeUndefined();
    expect(contentSecurityPolicy(facts)).toMatch(/style-src 'self'(;|$)/);
  });
});

describe('scripts of a prerendered page', () => {
  const page = html(
    '<link rel="modulepreload" crossorigin href="/assets/runtime-C3.js">\n<link rel="modulepreload" crossorigin href="/assets/booking-D4.js">',
  );

  it('give way to one inline script that lists them, entry first, then the route chunks', () => {
    const after = scriptsAfterPaint(page, ['assets/step-E5.js', 'assets/booking-D4.js']);
    expect(after).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const scripts = [...after.matchAll(/<script( [^>]*)?>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe(
      ' data-modules="/assets/index-A1.js /assets/runtime-C3.js /assets/booking-D4.js /assets/step-E5.js"',
    );
    expect(scripts[0]![2]).toBe(START_AFTER_PAINT);
    // At the end of the body: the markup it follows is all parsed when it runs.
    expect(after).toMatch(/<\/script>\s*<\/body>/);
  });

  it('refuses a page without the entry script', () => {
    expect(() => scriptsAfterPaint('<!doctype html><html><head></head><body></body></html>')).toThrow(/entry/);
  });

  it('script-src allows that script by its hash, and nothing else inline', async () => {
    expect(START_AFTER_PAINT_HASH).toBe(sha256(START_AFTER_PAINT));
    await writeFile(
      path.join(root, '.web-server.json'),
      JSON.stringify({
        apiOrigin: '',
        googleMaps: false,
        tagManager: false,
        scriptHashes: [START_AFTER_PAINT_HASH, "'unsafe-inline'"],
      }),
    );
    // A list with anything but a hash is refused whole.
    expect(contentSecurityPolicy(await readBuildFacts(root))).toMatch(/script-src 'self'(;|$)/);
    await writeFile(
      path.join(root, '.web-server.json'),
      JSON.stringify({ apiOrigin: '', googleMaps: false, tagManager: false, scriptHashes: [START_AFTER_PAINT_HASH] }),
    );
    const policy = contentSecurityPolicy(await readBuildFacts(root));
    expect(policy).toContain(`script-src 'self' '${START_AFTER_PAINT_HASH}';`);
    expect(policy).not.toMatch(/unsafe-(inline|eval|hashes)|strict-dynamic/);
  });
});
