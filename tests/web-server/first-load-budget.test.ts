import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureFirstLoad, type FirstLoad } from '../../web-server/first-load';

/**
 * Issue 15's size budget for the first screen, /booking/location, in bytes sent (gzip), not time:
 * the JavaScript and CSS a phone downloads before the address field can appear. The app is built
 * here, into a temporary folder, exactly as `npm run build` builds it (same vite.config.ts).
 *
 * CSS holds the issue's budget (10 kB). JavaScript does not yet: the issue asks for 120 kB, the
 * build measured 241 kB on 23 Nov 2026 (the entry chunk statically reaches the booking steps, the
 * dialogs, the date formatting and the form code). Until the route split lands, the test holds the
 * line at JS_CEILING so the first load cannot grow; lower it as chunks move out of the entry.
 */
const KB = 1000;
const CSS_BUDGET = 10 * KB;
const JS_TARGET = 120 * KB;
const JS_CEILING = 250 * KB;

let outDir: string;
let location: FirstLoad;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'musa-first-load-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.resolve(import.meta.dirname, '../..'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  location = await measureFirstLoad(outDir, '/booking/location');
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('first load of /booking/location', () => {
  it('carries at most 10 kB of CSS (gzip)', () => {
    expect(location.css.files.length).toBeGreaterThan(0);
    expect(location.css.gzipBytes).toBeLessThanOrEqual(CSS_BUDGET);
  });

  it(`carries no more JavaScript than today's ceiling on the way to ${JS_TARGET / KB} kB (gzip)`, () => {
    expect(location.js.files.length).toBeGreaterThan(0);
    expect(location.js.gzipBytes).toBeLessThanOrEqual(JS_CEILING);
  });
});
