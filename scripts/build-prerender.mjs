// Build step after `vite build` (run by the webServerBuild plugin, web-server/vite-plugin.ts): draws
// the entry screens at build time from the app's own components (src/prerender.tsx, built by Vite in
// SSR mode) into the built index.html, so that their heading and fields are in the HTML before the
// JavaScript runs; main.tsx then hydrates them (issue 15).
//
//   dist/booking/location/index.html, dist/login/index.html, dist/ask-reset-password/index.html
//   dist/404.html (the not-found screen: web-server sends it, status 404, for paths no route matches)
//
// Each page preloads its route's chunks, at low priority (the page paints without them); the
// stylesheet is inlined afterwards by web-server/vite-plugin.ts. No inline script: the
// Content-Security-Policy stays as strict.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The manifest keys of each prerendered route's lazily split component (tanstackRouter autoCodeSplitting). */
const ROUTE_CHUNKS = {
  '/booking/location': ['src/routes/booking/$step.tsx?tsr-split=component'],
  '/login': ['src/routes/login.tsx?tsr-split=component'],
  '/ask-reset-password': ['src/routes/ask-reset-password.tsx?tsr-split=component'],
};

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
  for (const key of keys) visit(key);
  return {
    js: [...js].filter((file) => !inIndex.js.has(file)),
    css: [...css].filter((file) => !inIndex.css.has(file)),
  };
}

const ROOT_TAG = '<div id="root"></div>';

/**
 * A prerendered page paints from its HTML (and the stylesheet the build inlines into it): its scripts
 * only take over the screen drawn there. They are fetched at low priority, after what the first paint
 * needs, instead of the high priority module scripts get by default (issue 15). index.html, whose
 * screen the scripts draw, keeps the default.
 */
export function lowPriorityScripts(html) {
  return html
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=')
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    );
}

/**
 * Writes the prerendered pages into `outDir` (a finished client build with its manifest) and returns
 * the app's route patterns ('/booking/$step'...), for web-server to tell an unknown path (404) from
 * an app route.
 * @param {{ root: string, outDir: string, ssrOutDir: string, build: (config: object) => Promise<unknown> }} options
 */
export async function prerenderPages({ root, outDir, ssrOutDir, build }) {
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
  const { prerender, PRERENDERED_ROUTES, NOT_FOUND_PATH, appRoutePatterns } = await import(entry);

  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_TAG)) throw new Error(`prerender: ${ROOT_TAG} missing from index.html`);
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));

  const page = async (route, chunkKeys, marker = route) => {
    // React puts the resource hints it finds (the logo's preload) before the markup: they belong to
    // <head>, and inside #root they would not match what the browser's first render draws.
    const rendered = await prerender(route);
    const hints = rendered.match(/^(<link [^>]*\/>)*/)[0];
    const html = rendered.slice(hints.length);
    const files = routeFiles(manifest, chunkKeys);
    const head = [
      ...(hints ? [hints.replace(/\/>/g, '>')] : []),
      ...files.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('\n    ');
    return lowPriorityScripts(
      template
        .replace('</head>', `  ${head}\n  </head>`)
        .replace(ROOT_TAG, `<div id="root" data-prerendered="${marker}">${html}</div>`),
    );
  };

  const written = [];
  for (const route of PRERENDERED_ROUTES) {
    const file = path.join(outDir, ...route.split('/').filter(Boolean), 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await page(route, ROUTE_CHUNKS[route] ?? []));
    written.push(file);
  }
  // The not-found screen is the root route's own component: no route chunk of its own.
  const notFound = path.join(outDir, '404.html');
  await writeFile(notFound, await page(NOT_FOUND_PATH, [], 'not-found'));
  written.push(notFound);

  await rm(ssrOutDir, { recursive: true, force: true });
  return { files: written, appRoutes: appRoutePatterns() };
}
