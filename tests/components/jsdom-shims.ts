/**
 * Browser APIs jsdom 26 lacks and Ark UI / zag or our components use. Imported first by the
 * component tests (the shared tests/setup.ts runs in node files too).
 */
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// How long findBy/waitFor wait is set once, in tests/setup.ts (it ran here too, at 4 s, over setup's 5 s).

// zag schedules short timers (presence animations, remove delays) that may set React state; let them
// run while jsdom is still there, or they fire into a torn-down window ('window is not defined').
afterAll(async () => {
  vi.useRealTimers();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 500));
});

if (typeof window !== 'undefined') {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventShim extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      readonly isPrimary: boolean;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        this.isPrimary = init.isPrimary ?? true;
      }
    }
    // jsdom has no PointerEvent; a MouseEvent subclass carries what zag reads.
    window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
  }
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  // jsdom stamps frames from its own clock, not performance.now(): zag's frame timers (toast
  // durations, remove delay) would then run about a second late. Frames stamped like a browser's.
  // Looked up at call time, so fake timers (vi.useFakeTimers) drive the frames too.
  const raf = (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 16) as unknown as number;
  const caf = (handle: number) => clearTimeout(handle);
  for (const target of [window, globalThis] as const) {
    target.requestAnimationFrame = raf;
    target.cancelAnimationFrame = caf;
  }
}
export {};
