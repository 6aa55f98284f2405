import './styles/theme.css';

/**
 * The app's entry: it loads the app in steps, each in a task of its own (issue 15, Total Blocking
 * Time). Evaluating every module of the first load in one go held the main thread for 50-75 ms on
 * this machine (200-300 ms on Lighthouse's phone, 4× slower), while the screen drawn by the HTML
 * could not answer a tap. Each step below is a dynamic import of a chunk of its own (vite.config.ts
 * groups the libraries by step; the build preloads the entry's own dynamic imports with it) that the
 * browser evaluates after the previous task has ended: React, then the contract (valibot's schemas),
 * then XState and the machines, then the router and its routes, then the app, which starts in steps
 * too (src/start-app.tsx).
 */

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn (a tap,
 * a frame). `scheduler.yield()` where the browser has it (the continuation keeps its place ahead of
 * other tasks), else a zero timeout.
 */
const nextTask = (): Promise<void> => {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

await import('react-dom/client');
await nextTask();
await import('../contract/calls');
await nextTask();
await import('./app/app-actor');
await nextTask();
await import('./shell/router');
await nextTask();
const { startApp } = await import('./start-app');
await startApp(nextTask);
