import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { webServerBuild } from './web-server/vite-plugin.js';

const webPort = Number(process.env.WEB_PORT ?? 5173);

/**
 * The app's bundles take libphonenumber-js through src/lib/phone-number-rules.ts, which loads it with
 * the screens that check a phone number. Not in vitest's own mode: tests (like the API) use the library
 * as is; a build a test starts (the size budget) is a production build and gets it.
 */
const lazyPhoneNumbers = (mode: string) =>
  mode === 'test'
    ? []
    : [
        {
          find: /^libphonenumber-js$/,
          replacement: path.resolve(import.meta.dirname, 'src/lib/phone-number-rules.ts'),
        },
      ];

export default defineConfig(async ({ mode }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    webServerBuild(),
  ],
  resolve: { alias: lazyPhoneNumbers(mode) },
  server: { port: webPort, strictPort: true, host: true },
  preview: { port: webPort, strictPort: true, host: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest (dist/.vite/, never served) lets tests/web-server measure each route's first load.
    manifest: true,
    // One stylesheet for the whole app (~5 kB gzip): the build inlines it into the HTML pages
    // (web-server/vite-plugin.ts), so that the first paint waits for no request, and no chunk
    // loads CSS of its own later.
    cssCodeSplit: false,
    // Every browser the app is for preloads modules itself (Safari since 17): no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page starts with, in one chunk per step src/main.tsx loads the app in (React;
        // the contract with valibot; XState with the machines; the router), instead of a dozen small
        // shared chunks: fewer requests to start, less to compress, each step's work in one task.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // What the entry itself needs (the theme reads the contract's constants; Vite's helper
            // loads the steps) stays out of the groups below, or the entry would load a whole group
            // and run it with itself, in its first task.
            { name: 'constants', test: /[\\/]contract[\\/]constants\.ts$/, priority: 3 },
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
            // The professionals' side (issue 27) stays out of the groups: it loads with its own pages; so
            // do the rating calls (issue 29), with the rating screen's and the agenda's, and the
            // professionals' week (issue 40: hours, time off, the team's board, the feed).
            {
              name: 'contract',
              test: /node_modules[\\/]valibot[\\/]|[\\/]contract[\\/](?!pro(-calls|-week)?\.ts$|rating-calls\.ts$)/,
              priority: 2,
            },
            {
              name: 'machines',
              test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]|[\\/]machines[\\/](?!pro[\\/](?!events\.ts$))/,
              priority: 1,
            },
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/machines/provide-paths.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    // CSS stays out of the tests, except a vanilla-extract file's CSS a test asks for with `?inline`
    // (tests/components/styles.ts: the checks that judge a look).
    css: { include: [/\.vanilla\.css\?inline$/] },
    pool: 'forks',
    // Three forks on the 2 cores (issue 41): a test waiting for PostgreSQL, a server or a timer leaves
    // its core idle, and two left ~10% of the cores unused. The whole run, quiet machine (29 Nov 2026):
    // 364 s on two, 318 s on three (docs/testing.md, "Less done twice").
    maxWorkers: 3,
    // The files known to run for minutes start first, whatever vitest has timed (tests/longest-first.ts;
    // loaded for vitest only, not for the app's build).
    ...(mode === 'test' ? { sequence: { sequencer: (await import('./tests/longest-first')).default } } : {}),
    // Node ≥ 22 has a global localStorage of its own that shadows jsdom's in the screen tests.
    execArgv: Number(process.versions.node.split('.')[0]) >= 22 ? ['--no-experimental-webstorage'] : [],
  },
}));
