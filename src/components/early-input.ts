import type { AddressPickerEvent } from '../../machines/address-picker/machine';

/**
 * The address field of the prerendered /booking/location (src/prerender.tsx) takes typing before the
 * app has taken the page over (issue 25); what she typed there reaches the address picker through
 * these two (start-app.tsx calls the first, AddressCombobox the second). A module of its own, small,
 * so that start-app.tsx does not load the combobox with the app's first chunks.
 */

/** What the person had typed into a prerendered address field, and where her caret was. */
interface EarlyTyping {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** The text typed into the prerendered field of a page the app draws anew (keepTypingForRedraw). */
let typedBeforeRedraw: EarlyTyping | null = null;

/**
 * The app draws the page anew instead of taking the prerendered field over (start-app.tsx: a
 * session, a saved draft or a query string makes it draw something else): what she typed into
 * that field (src/prerender.tsx draws it at build time) is kept for the field the app draws, and
 * the old one takes no more typing meanwhile, which would be lost with it.
 */
export function keepTypingForRedraw(page: ParentNode): void {
  const field = page.querySelector<HTMLInputElement>('input[name="address"]');
  if (!field) return;
  // From now on typing waits for the field the app draws: this one goes with what it would take (a
  // signed-in customer's profile loads meanwhile: a long window, seen losing a whole address in CI).
  field.readOnly = true;
  // The HTML's own value (value="") is the field's default: anything else was typed.
  if (field.value === field.defaultValue) return;
  typedBeforeRedraw = {
    value: field.value,
    focused: field.ownerDocument.activeElement === field,
    selectionStart: field.selectionStart,
    selectionEnd: field.selectionEnd,
  };
}

/**
 * Carries over what the person typed into the field's prerendered HTML before the app took the page
 * over (issue 25), as she would have told the picker: the focus, then the text.
 * - Taken over (hydration): the field is the same element, with her text, caret and focus, while the
 *   picker still holds the query it started with. The field then draws the text it already holds,
 *   so the caret stays where it is.
 * - Drawn anew: the text kept by keepTypingForRedraw goes into the new field, with the focus and
 *   the caret where they were.
 * A field the app drew itself, with nothing kept, holds the picker's query: nothing is sent.
 */
export function carryEarlyTyping(
  input: HTMLInputElement,
  query: string,
  send: (event: AddressPickerEvent) => void,
): void {
  const kept = typedBeforeRedraw;
  typedBeforeRedraw = null;
  if (kept) {
    // The text first, so that the field React draws next already holds it and the caret can be set.
    input.value = kept.value;
    send({ type: 'address.type', value: kept.value });
    if (kept.focused) {
      input.focus();
      input.setSelectionRange(kept.selectionStart, kept.selectionEnd);
    }
    return;
  }
  if (input.value === query) return;
  if (input.ownerDocument.activeElement === input) send({ type: 'address.focus' });
  send({ type: 'address.type', value: input.value });
}
