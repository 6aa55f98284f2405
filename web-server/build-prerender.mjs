// Build step after `vite build` (run by the webServerBuild plugin, web-server/vite-plugin.ts): draws
// the entry screens at build time from the app's own components (src/prerender.tsx, built by Vite in
// SSR mode) into the built index.html, so that their heading and fields are in the HTML before the
// JavaScript runs; src/start-app.tsx then hydrates them (issue 15).
//
//   dist/booking/location/index.html, dist/login/index.html, dist/ask-reset-password/index.html
//   dist/booking/<flow>/service/index.html (the service step for a customer who reloads it with a
//   draft, drawn with its list still loading: src/prerender.tsx, DRAFT_ROUTES)
//   dist/404.html (the not-found screen: web-server sends it, status 404, for paths no route matches)
//
// Each page paints from its HTML alone (the stylesheet is inlined afterwards by
// web-server/vite-plugin.ts) and fetches the app's scripts only once it has painted: see
// startAfterPaint. Its one inline script is allowed by its hash; no other inline script.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the page needs beyond index.html's own tags: the route's chunks and their stylesheets. */
function routeFiles(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the manifest`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  const inIndex = { js: new Set(js), css: new Set(css) };
  // The entry's own dynamic imports are the steps of the start (src/main.tsx): every page loads them.
  for (const key of manifest['index.html'].dynamicImports ?? []) visit(key);
  for (const key of keys) visit(key);
  return {
    js: [...js].filter((file) => !inIndex.js.has(file)),
    css: [...css].filter((file) => !inIndex.css.has(file)),
  };
}

const ROOT_TAG = '<div id="root"></div>';

/**
 * The script of every prerendered page, inline (no request) and allowed by the Content-Security-Policy
 * by its hash (the text below, as `String(startAfterPaint)` prints it). The page's screen is in its
 * HTML: the scripts only take it over. They are added once the page has painted (the frame after the
 * first one), all at once: the entry script and every chunk the route needs (modulepreload), listed
 * in the tag's `data-modules`, entry first. A tab in the background paints nothing: it starts at once.
 *
 * Why (issue 15): fetched from the start, at any priority, the scripts of a page served from close by
 * arrive before its first paint, and Lighthouse's simulation then counts their download on a slow
 * phone as part of the largest paint (module scripts leave no trace of when they ran, so it cannot
 * tell they did not block it): 1.8-2.7 s instead of the 0.7 s the HTML alone takes.
 */
export function startAfterPaint() {
  const [entry, ...chunks] = document.currentScript.dataset.modules.split(' ');
  const start = () => {
    // All in one insertion: each element inserted on its own costs the main thread more.
    const tags = document.createDocumentFragment();
    const add = (tag, attributes) => tags.append(Object.assign(document.createElement(tag), attributes));
    for (const href of chunks) add('link', { rel: 'modulepreload', crossOrigin: '', href });
    add('script', { type: 'module', crossOrigin: '', src: entry });
    document.head.append(tags);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

/**
 * The first part of the same inline script: presses before the app runs (issue 25). A button of the
 * page pressed before the app has taken it over does nothing yet, and a submit button would submit
 * its form natively (the typed e-mail in the URL). This listener, on from the first paint, stops
 * that and marks the button with the press's order (`data-early-tap`); the app reads the marks and
 * presses those buttons again once the page is its own, then turns the queue off with
 * `data-early-taps="off"` on #root (src/components/early-input.ts: takeEarlyTaps, replayEarlyTaps).
 */
export function queueEarlyTaps() {
  const root = document.getElementById('root');
  if (!root) return;
  let presses = 0;
  const queueing = () => root.dataset.earlyTaps !== 'off';
  document.addEventListener(
    'click',
    (event) => {
      const button = queueing() && event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      presses += 1;
      button.dataset.earlyTap = String(presses);
    },
    true,
  );
  // Enter in a field of a form without a submit button submits it too.
  document.addEventListener('submit', (event) => queueing() && event.preventDefault(), true);
}

/** The inline script's text and its hash ('sha256-…') for script-src. */
export const START_AFTER_PAINT = `(${String(queueEarlyTaps)})();(${String(startAfterPaint)})()`;
export const START_AFTER_PAINT_HASH = `sha256-${createHash('sha256').update(START_AFTER_PAINT, 'utf8').digest('base64')}`;

/** The module tags Vite writes into index.html: the entry script and the preloads of its imports. */
const MODULE_TAGS =
  /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="(\/assets\/[^"]+\.js)">(?:<\/script>)?/g;

/**
 * Turns the built index.html into a prerendered page's shell: its module tags give way to the inline
 * script that adds them after the first paint (startAfterPaint), with the route's own chunks after the
 * entry's. Throws when the entry script is missing.
 */
export function scriptsAfterPaint(html, routeChunks = []) {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('prerender: no entry script');
  const modules = [...html.matchAll(MODULE_TAGS)].map((match) => match[1]);
  const all = [...new Set([entry, ...modules, ...routeChunks.map((file) => `/${file}`)])];
  return html
    .replace(MODULE_TAGS, '')
    .replace('</body>', `  <script data-modules="${all.join(' ')}">${START_AFTER_PAINT}</script>\n  </body>`);
}

/**
 * Writes the prerendered pages into `outDir` (a finished client build with its manifest) and returns
 * the app's route patterns ('/booking/$step/{-$childStep}'...), for web-server to tell an unknown path (404) from
 * an app route.
 * `pageChunks`: the manifest keys each page names (its route's split component, its step's chunk),
 * web-server/first-load.ts's PAGE_CHUNKS.
 * @param {{ root: string, outDir: string, ssrOutDir: string, build: (config: object) => Promise<unknown>, pageChunks: Record<string, readonly string[]> }} options
 */
export async function prerenderPages({ root, outDir, ssrOutDir, build, pageChunks }) {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src/prerender.tsx'),
      outDir: ssrOutDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      minify: false,
    },
    // Bundled, so that the app's CSS modules and the router's split chunks resolve as in the browser build.
    ssr: { noExternal: true },
  });
  const entry = pathToFileURL(path.join(ssrOutDir, 'prerender.js')).href;
  const { prerender, PRERENDERED_ROUTES, DRAFT_ROUTES, NOT_FOUND_PATH, appRoutePatterns } = await import(entry);

  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_TAG)) throw new Error(`prerender: ${ROOT_TAG} missing from index.html`);
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));

  const page = async (route, chunkKeys, marker = route, draft = undefined) => {
    // React puts the resource hints it finds (the logo's preload) before the markup: they belong to
    // <head>, and inside #root they would not match what the browser's first render draws.
    const rendered = await prerender(route, draft);
    const hints = rendered.match(/^(<link [^>]*\/>)*/)[0];
    const html = rendered.slice(hints.length);
    // The Content-Security-Policy refuses style attributes (no 'unsafe-inline'): React sets styles
    // through the DOM once it runs, but in this HTML one would be a violation, and unstyled.
    const styled = /<[^>]*\sstyle="[^"]*"/.exec(html);
    if (styled) throw new Error(`prerender: ${route} has a style attribute, which the policy refuses: ${styled[0]}`);
    const files = routeFiles(manifest, chunkKeys);
    const head = [
      ...(hints ? [hints.replace(/\/>/g, '>')] : []),
      ...files.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ].join('\n    ');
    return scriptsAfterPaint(
      template
        .replace('</head>', head ? `  ${head}\n  </head>` : '</head>')
        .replace(ROOT_TAG, `<div id="root" data-prerendered="${marker}">${html}</div>`),
      files.js,
    );
  };

  const written = [];
  const write = async (route, html) => {
    const file = path.join(outDir, ...route.split('/').filter(Boolean), 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(file);
  };
  for (const route of PRERENDERED_ROUTES) await write(route, await page(route, pageChunks[route] ?? []));
  for (const [route, draft] of Object.entries(DRAFT_ROUTES))
    await write(route, await page(route, pageChunks[route] ?? [], route, draft));
  // The not-found screen is the root route's own component: no route chunk of its own.
  const notFound = path.join(outDir, '404.html');
  await writeFile(notFound, await page(NOT_FOUND_PATH, [], 'not-found'));
  written.push(notFound);

  await rm(ssrOutDir, { recursive: true, force: true });
  return { files: written, appRoutes: appRoutePatterns(), scriptHashes: [START_AFTER_PAINT_HASH] };
}
