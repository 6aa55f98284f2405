/**
 * The visitor's first sign of doing something on the page: a press (touch, pen or mouse button), a
 * key, or typing (issue 40, "Weight"). Code that the screen does not draw but her next action may
 * need (the next booking step, the dialog) loads then, instead of when the page is idle: a visitor
 * who only looks fetches none of it, and one who acts has it seconds before she needs it (an
 * address is typed and picked before AVANTI; a press reaches its button ~100 ms before the click).
 * Moving the pointer is not a sign: it is how a desktop visitor reads the page.
 */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

let acted = false;
const waiting = new Set<() => void>();

function onIntent() {
  acted = true;
  for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

/** Whether she is already in a field (a prerendered page lets her type before the app runs). */
const inAField = () => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]');
};

/**
 * Calls `callback` at her first press, key or typing on the page, at once when that has happened
 * already (or she is in a field). Returns a function that cancels a call still waiting.
 */
export function onFirstIntent(callback: () => void): () => void {
  if (acted || inAField()) {
    acted = true;
    callback();
    return () => undefined;
  }
  if (waiting.size === 0)
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  waiting.add(callback);
  return () => {
    waiting.delete(callback);
  };
}
