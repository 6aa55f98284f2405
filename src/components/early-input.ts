import type { AddressPickerEvent } from '../../machines/address-picker/machine';

/**
 * What a person types or taps on a prerendered page (src/prerender.tsx: /booking/location, /login,
 * /ask-reset-password) before the app has taken it over (issue 25). On a slow phone that gap is the
 * time she needs to type her e-mail and press LOGIN: all of it must reach the app.
 *
 * - **Typing** goes into the HTML's own fields. Taken over (hydration), each field is the same
 *   element, holding her text: the field tells the app what it holds (carryTypedValue; the address
 *   field: carryEarlyTyping). Drawn anew (a session, a saved draft or a query string makes the app
 *   draw something else), keepTypingForRedraw keeps the old fields by name: they take typing until
 *   the app's own replace them, and the field of that name the app draws takes, in the commit that
 *   replaces them, what they hold then, with the focus and the caret (issue 41).
 * - **Presses** are queued by the page's inline script (web-server/build-prerender.mjs,
 *   `queueEarlyTaps`): it marks each button pressed with `data-early-tap` (the order of the presses)
 *   and stops the native form submission. The app stops the queue before React starts
 *   (takeEarlyTaps), then presses those buttons again once the page is its own (replayEarlyTaps).
 *   A page drawn anew is another page: its presses are dropped (docs/decisions.md, "Typing and
 *   pressing before the app takes the prerendered page over").
 *
 * A module of its own, small, so that start-app.tsx does not load the fields with the app's first chunks.
 */

/** What the person had typed into a prerendered field, whether it had the focus, and where her caret was. */
interface EarlyTyping {
  value: string;
  /** False when the field holds the HTML's own value (she was in it, typing nothing yet). */
  typed: boolean;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** The prerendered fields of a page the app draws anew, by field name (keepTypingForRedraw), until the app's take them. */
const fieldsBeforeRedraw = new Map<string, HTMLInputElement>();
/**
 * Which of them has the focus. React replacing the markup takes it away with a `blur` (Chromium sends
 * one, the element still in the page) that is not hers: a field keeps it unless it is still in the
 * page a microtask after its blur, i.e. unless she left it. The field the app draws in its place
 * (in the same commit, before that microtask) finds it focused.
 */
let focusedBeforeRedraw: HTMLInputElement | null = null;
/** The buttons pressed before the app ran, in the order of their last press (takeEarlyTaps). */
let pressedEarly: HTMLButtonElement[] = [];

/** The attribute the page's inline script marks a pressed button with (its value: the press's order). */
const EARLY_TAP = 'data-early-tap';
/** The root's attribute that stops the inline script's queue (`data-early-taps="off"`). */
const QUEUE = 'earlyTaps';

/**
 * The app draws the page anew instead of taking the prerendered fields over (start-app.tsx): the
 * fields are kept, by name, for the fields the app draws (takeTyped), and go on taking typing until
 * then. Issue 41: they used to be read at this moment and turned read-only, and what she typed while
 * the app prepared its own (a signed-in customer's profile loading, a slow phone: a second or more)
 * was dropped, her keys as a test's `fill` checked against a field that turned read-only before its
 * text arrived (the booking journey's suggestions never came). Read when the app's field replaces
 * them, they lose nothing. Their buttons turn inert, and the presses made on them are dropped: the
 * page they were on is about to be replaced by another.
 */
export function keepTypingForRedraw(page: ParentNode): void {
  for (const field of page.querySelectorAll<HTMLInputElement>('input[name]')) {
    fieldsBeforeRedraw.set(field.name, field);
    if (field.ownerDocument.activeElement === field) focusedBeforeRedraw = field;
    field.addEventListener('focus', () => (focusedBeforeRedraw = field));
    field.addEventListener('blur', () =>
      queueMicrotask(() => {
        if (field.isConnected && focusedBeforeRedraw === field) focusedBeforeRedraw = null;
      }),
    );
  }
  for (const button of page.querySelectorAll('button')) button.disabled = true;
  pressedEarly = [];
}

/**
 * What the prerendered field of that name of a page drawn anew holds now, once: her text (anything
 * but the HTML's own value), whether it had the focus and where her caret was; null when she neither
 * typed into it nor was in it.
 */
function takeTyped(name: string): EarlyTyping | null {
  const field = fieldsBeforeRedraw.get(name);
  if (!field) return null;
  fieldsBeforeRedraw.delete(name);
  const focused = focusedBeforeRedraw === field;
  if (focused) focusedBeforeRedraw = null;
  // The HTML's own value (value="") is the field's default: anything else was typed.
  const typed = field.value !== field.defaultValue;
  if (!typed && !focused) return null;
  return { value: field.value, typed, focused, selectionStart: field.selectionStart, selectionEnd: field.selectionEnd };
}

/** Puts kept text into the field the app drew, with the focus and the caret where they were. */
function restore(input: HTMLInputElement, kept: EarlyTyping): void {
  if (kept.typed) input.value = kept.value;
  if (!kept.focused) return;
  input.focus();
  if (kept.typed) caretAt(input, kept.selectionStart, kept.selectionEnd);
}

/** Puts the caret back, where the field has one to put (an e-mail field has none: its selection is null). */
function caretAt(input: HTMLInputElement, start: number | null, end: number | null): void {
  if (start !== null && input.selectionStart !== null) input.setSelectionRange(start, end);
}

/** A field to tell React about: what she typed, what React drew, and where her caret was. */
interface Announcement {
  input: HTMLInputElement;
  typed: string;
  drawn: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** The fields of the commit under way still to announce (carryTypedValue). */
const toAnnounce: Announcement[] = [];

/**
 * Tells React that a field it took over holds `typed` while it last drew `drawn`, as the browser
 * tells it of a key: an `input` event. React compares the field's value with the one it last knew
 * (its value tracker, set when it took the field over): the field first shows what React drew, then
 * the typed text goes back without React noticing, so the event reads as a change. The caret and the
 * focus stay where they were.
 */
function announce({ input, typed, drawn, focused, selectionStart, selectionEnd }: Announcement): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  input.value = drawn;
  if (setValue) setValue.call(input, typed);
  else input.value = typed;
  if (focused) caretAt(input, selectionStart, selectionEnd);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A controlled field the app has just drawn or taken over: what was typed before the app ran reaches
 * its owner's onChange, as if typed now. `drawn` is the value the app gave the field.
 * - Drawn anew: what the old field of its name holds (keepTypingForRedraw), with the focus and the caret.
 * - Taken over: the field holds her text while the app drew its own value ('' on an entry screen).
 * A field the app drew itself, with nothing kept, holds what the app drew: nothing happens.
 *
 * Every field of the commit is read first, then all are announced together (a microtask later): the
 * first announcement makes React draw the form again, which would put the second field back to what
 * React drew before its text had been read.
 */
export function carryTypedValue(input: HTMLInputElement, drawn: string): void {
  const kept = takeTyped(input.name);
  if (kept) restore(input, kept);
  if (input.value === drawn) return;
  if (toAnnounce.length === 0) queueMicrotask(() => toAnnounce.splice(0).forEach(announce));
  toAnnounce.push({
    input,
    typed: input.value,
    drawn,
    focused: input.ownerDocument.activeElement === input,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
  });
}

/**
 * Carries over what the person typed into the address field's prerendered HTML before the app took
 * the page over, as she would have told the picker: the focus, then the text.
 * - Taken over (hydration): the field is the same element, with her text, caret and focus, while the
 *   picker still holds the query it started with. The field then draws the text it already holds,
 *   so the caret stays where it is.
 * - Drawn anew: what the old field holds (keepTypingForRedraw) goes into the new one, with the focus
 *   and the caret where they were.
 * A field the app drew itself, with nothing kept, holds the picker's query: nothing is sent.
 */
export function carryEarlyTyping(
  input: HTMLInputElement,
  query: string,
  send: (event: AddressPickerEvent) => void,
): void {
  const kept = takeTyped(input.name);
  if (kept) {
    // The text first, so that the field React draws next already holds it and the caret can be set;
    // the focus it gets back tells the picker (the field's onFocus).
    restore(input, kept);
    if (kept.typed && kept.value !== query) send({ type: 'address.type', value: kept.value });
    return;
  }
  if (input.value === query) return;
  if (input.ownerDocument.activeElement === input) send({ type: 'address.focus' });
  send({ type: 'address.type', value: input.value });
}

/**
 * Stops the inline script's queue of presses (before React starts listening) and keeps the buttons
 * pressed meanwhile for replayEarlyTaps, their marks taken off (React would otherwise find an
 * attribute it never drew).
 */
export function takeEarlyTaps(root: HTMLElement): void {
  root.dataset[QUEUE] = 'off';
  const pressed = [...root.querySelectorAll<HTMLButtonElement>(`button[${EARLY_TAP}]`)];
  const order = (button: HTMLButtonElement) => Number(button.getAttribute(EARLY_TAP));
  pressed.sort((a, b) => order(a) - order(b));
  for (const button of pressed) button.removeAttribute(EARLY_TAP);
  pressedEarly = pressed;
}

/**
 * True once React has taken the element over. React offers no public sign that a given part of a
 * page is hydrated (it takes the router's content and each lazy step over in passes of their own,
 * after the root's first commit); it keeps its record of the element on the element itself, under a
 * key `__reactFiber$<id>` (react-dom 17 to 19), read here and nowhere else.
 */
const takenOver = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** How often the app looks whether the pressed buttons and their forms are its own, and for how long. */
const LOOK_EVERY_MS = 50;
const LOOKS = 200;

/**
 * Presses again, once, the buttons pressed before the app ran (start-app.tsx, after taking the page
 * over), in the order of the presses, once each button, its form and the form's fields are the app's:
 * a press on a button whose form is still plain HTML would submit it natively, and the app drawing
 * anything on the page before it has taken a field over draws that field anew, without her text.
 * Then a task later, so that the form already holds the text typed early (carryTypedValue). A button
 * the app has since removed or disabled is not pressed: what the page shows then decides, as for a
 * press made then. Not the app's after 10 s (a page that never finished starting): dropped.
 *
 * "The app's" is read from React's marks on the elements, which hydration writes while it renders,
 * before it commits: on a busy phone the render yields and the press can come in between, when React
 * does not answer it yet (issue 41: under load the login journey's LOGIN submitted the form natively,
 * a POST to /login and the web server's 'Method Not Allowed'). So a submission nobody stopped during
 * the replay is stopped here, and its button pressed again a look later, until the app answers it.
 */
export function replayEarlyTaps(): void {
  let buttons = pressedEarly;
  pressedEarly = [];
  if (buttons.length === 0) return;
  let answered = true;
  // Last of all the submission's listeners (the window's, bubbling): the app's form stops it itself.
  const unanswered = (event: Event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    answered = false;
  };
  window.addEventListener('submit', unanswered);
  const ready = () =>
    buttons.every(
      (button) =>
        !button.isConnected ||
        (takenOver(button) && (!button.form || (takenOver(button.form) && [...button.form.elements].every(takenOver)))),
    );
  let looks = 0;
  const press = () => {
    const again: HTMLButtonElement[] = [];
    for (const button of buttons) {
      if (!button.isConnected || button.disabled) continue;
      answered = true;
      button.click();
      if (!answered) again.push(button);
    }
    buttons = again;
    if (buttons.length > 0 && ++looks < LOOKS) setTimeout(press, LOOK_EVERY_MS);
    else window.removeEventListener('submit', unanswered);
  };
  const look = () => {
    if (ready()) setTimeout(press, 0);
    else if (++looks < LOOKS) setTimeout(look, LOOK_EVERY_MS);
    else window.removeEventListener('submit', unanswered);
  };
  setTimeout(look, 0);
}
