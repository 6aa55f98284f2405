import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { BUILD_FACTS_FILE, originOf, type BuildFacts } from './policy.js';
import { PAGE_CHUNKS } from './first-load.js';

/** Text files worth compressing (source maps are left out: only developer tools fetch them). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this size a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;
/** ARCHITECTURE's default API address, the one `src/lib/env.ts` falls back to when the variable is unset. */
const DEFAULT_API_BASE_URL = 'http://localhost:8787';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that they make smaller. */
export async function precompress(dir: string): Promise<number> {
  const jobs: Array<Promise<number>> = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    jobs.push(
      readFile(file).then(async (source) => {
        if (source.byteLength < MIN_BYTES) return 0;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        let written = 0;
        for (const [suffix, data] of [
          ['.br', br],
          ['.gz', gz],
        ] as const) {
          if (data.byteLength >= source.byteLength) continue;
          await writeFile(file + suffix, data);
          written += 1;
        }
        return written;
      }),
    );
  }
  return (await Promise.all(jobs)).reduce((sum, count) => sum + count, 0);
}

/** A stylesheet link as Vite writes it into index.html (and the prerender step into its pages). */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"?#]+\.css)">/g;

/**
 * Replaces the stylesheet links of the given HTML pages with the stylesheets themselves, so that a
 * page paints from its HTML alone, with no request before the first paint (issue 15). The app has one
 * stylesheet (`build.cssCodeSplit: false`), about 5 kB gzip. Returns the hashes ('sha256-…') of the
 * inlined stylesheets, for the Content-Security-Policy's style-src (no 'unsafe-inline').
 */
export async function inlineStylesheets(outDir: string, pages: readonly string[]): Promise<string[]> {
  const hashes = new Set<string>();
  const sheets = new Map<string, string>();
  const sheet = async (file: string) => {
    let css = sheets.get(file);
    if (css === undefined) {
      css = (await readFile(path.join(outDir, file), 'utf8')).trim();
      if (/<\/style/i.test(css)) throw new Error(`${file}: a stylesheet cannot be inlined when it contains </style`);
      sheets.set(file, css);
      hashes.add(`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`);
    }
    return css;
  };
  for (const page of pages) {
    const html = await readFile(page, 'utf8');
    const links = [...html.matchAll(STYLESHEET_LINK)];
    if (links.length === 0) continue;
    let inlined = html;
    for (const [tag, file] of links) inlined = inlined.replace(tag, `<style>${await sheet(file!)}</style>`);
    await writeFile(page, inlined);
  }
  return [...hashes];
}

/**
 * Build step for the production web server (`web-server/`): prerenders the entry screens (each with
 * the inline script that fetches the app's scripts after the first paint), inlines the stylesheet
 * into the HTML pages, records what the Content-Security-Policy must allow for this build
 * (`.web-server.json`, never served) and writes the precompressed copies.
 */
export function webServerBuild(): Plugin {
  let outDir = '';
  let root = '';
  let ssr = false;
  let facts: BuildFacts = { apiOrigin: '', googleMaps: false, tagManager: false };
  return {
    name: 'musa-web-server-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      // The prerender step's own build (src/prerender.tsx, SSR) is read, never served.
      ssr = Boolean(config.build.ssr);
      const env = config.env as Record<string, string | undefined>;
      const set = (name: string) => (env[name]?.trim() ?? '') !== '';
      facts = {
        apiOrigin: originOf(set('VITE_API_BASE_URL') ? env.VITE_API_BASE_URL!.trim() : DEFAULT_API_BASE_URL) ?? '',
        googleMaps: set('VITE_GOOGLE_MAPS_API_KEY'),
        tagManager: set('VITE_GTM_ID'),
      };
    },
    /**
     * index.html preloads, beside the entry's static imports (Vite's own tags), the entry's dynamic
     * imports and what they import: the steps src/main.tsx loads the app in. Without these tags the
     * browser would find them only once the entry runs, a round trip later.
     */
    transformIndexHtml: {
      order: 'post',
      handler(_html, { chunk, bundle }) {
        if (!chunk || !bundle) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          const output = bundle[file];
          if (files.has(file) || output?.type !== 'chunk') return;
          files.add(file);
          for (const imported of output.imports) visit(imported);
        };
        for (const file of chunk.dynamicImports) visit(file);
        const preloaded = new Set([chunk.fileName, ...chunk.imports]);
        return [...files]
          .filter((file) => !preloaded.has(file))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
    async closeBundle(error?: Error) {
      if (error || !outDir || ssr) return;
      // A build made inside vitest (the size budget) is measured, never served: no prerendering, no brotli.
      if (process.env.VITEST) {
        await writeFile(path.join(outDir, BUILD_FACTS_FILE), `${JSON.stringify(facts, null, 2)}\n`);
        return;
      }
      const { build } = await import('vite');
      // @ts-expect-error -- a plain ES module (no types): prerenderPages({ root, outDir, ssrOutDir, build, pageChunks })
      const { prerenderPages } = (await import('./build-prerender.mjs')) as {
        prerenderPages: (options: {
          root: string;
          outDir: string;
          ssrOutDir: string;
          build: typeof build;
          pageChunks: Readonly<Record<string, readonly string[]>>;
        }) => Promise<{ files: string[]; appRoutes: string[]; scriptHashes: string[] }>;
      };
      const prerendered = await prerenderPages({
        root,
        outDir,
        ssrOutDir: path.join(root, 'node_modules', '.cache', 'musa-prerender'),
        build,
        pageChunks: PAGE_CHUNKS,
      });
      console.log(`web-server: ${prerendered.files.length} prerendered pages`);
      const styleHashes = await inlineStylesheets(outDir, [path.join(outDir, 'index.html'), ...prerendered.files]);
      const withRoutes: BuildFacts = {
        ...facts,
        appRoutes: prerendered.appRoutes,
        styleHashes,
        scriptHashes: prerendered.scriptHashes,
      };
      await writeFile(path.join(outDir, BUILD_FACTS_FILE), `${JSON.stringify(withRoutes, null, 2)}\n`);
      const count = await precompress(outDir);
      console.log(`web-server: ${count} precompressed files (brotli, gzip) in ${path.relative(process.cwd(), outDir)}`);
    },
  };
}
