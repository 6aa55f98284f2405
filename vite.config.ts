import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { webServerBuild } from './web-server/vite-plugin.js';

const webPort = Number(process.env.WEB_PORT ?? 5173);

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    webServerBuild(),
  ],
  server: { port: webPort, strictPort: true, host: true },
  preview: { port: webPort, strictPort: true, host: true },
  // The manifest (dist/.vite/, never served) lets tests/web-server measure each route's first load.
  build: { target: 'es2022', sourcemap: true, manifest: true },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: 2,
    // Node ≥ 22 has a global localStorage of its own that shadows jsdom's in the screen tests.
    execArgv: Number(process.versions.node.split('.')[0]) >= 22 ? ['--no-experimental-webstorage'] : [],
  },
});
