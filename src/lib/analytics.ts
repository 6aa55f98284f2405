import { customerTypeOf, serviceTypeOf, type AnalyticsEvent, type UserStatus } from '../../contract/analytics';
import type { Category, ParticipantMode } from '../../contract/constants';

/**
 * Analytics (SPEC §3, §7, §8): events pushed to `window.dataLayer` with the fields of
 * contract/analytics.ts. A tag manager reads the array when one is configured (`loadTagManager`);
 * without one it only grows in memory, so the app never depends on it. docs/analytics.md is the
 * catalogue of every event and label; tests/lib/analytics-catalogue.test.ts keeps it and the code
 * in agreement.
 *
 * Who sends what:
 * - `button_click`: one delegated listener (`listenForClicks`) for every button, link and choice;
 * - `page_view`: the router sync, once per route change; the confirmation modal from the machine;
 * - `popup`: the machine, as the entry of each dialog's open state (help dialog: the header);
 * - `error`: the shared error toast; `purchase`: the checkout machine once the booking is made.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The fields every event carries (SPEC §3). */
export type AnalyticsFields = Omit<AnalyticsEvent, 'event' | 'label'>;

/** Event-specific fields beside the label: the upsell's group, a dynamic choice's text. */
export type AnalyticsExtra = Record<string, string>;

export interface AnalyticsContext {
  pagePath: string;
  /** The signed-in user's e-mail, or null for a visitor. */
  email: string | null;
  draft?: {
    participants: ParticipantMode;
    category: Category | null;
    salottoCategories: readonly Category[];
  };
}

/** SPEC §3's fields from what the app knows now; `user_email` only for a signed-in user. */
export function analyticsFields(context: AnalyticsContext): AnalyticsFields {
  const status: UserStatus = context.email ? 'logged_in' : 'logged_out';
  const fields: AnalyticsFields = {
    page_path: context.pagePath,
    user_status: status,
    ...(context.email ? { user_email: context.email } : {}),
  };
  if (context.draft) {
    fields.customer_type = customerTypeOf(context.draft);
    const serviceType = serviceTypeOf(context.draft);
    if (serviceType) fields.service_type = serviceType;
  }
  return fields;
}

let getContext: () => AnalyticsContext = () => ({
  pagePath: typeof location === 'undefined' ? '/' : location.pathname,
  email: null,
});

/** The app tells analytics where to read the page, the user and the draft from. */
export function setAnalyticsContext(provider: () => AnalyticsContext): void {
  getContext = provider;
}

/** Pushes one event with the current fields. */
export function pushEvent(event: string, label?: string, extra: AnalyticsExtra = {}): AnalyticsEvent {
  const entry: AnalyticsEvent = {
    event,
    ...(label === undefined ? {} : { label }),
    ...extra,
    ...analyticsFields(getContext()),
  };
  if (typeof window !== 'undefined') {
    window.dataLayer ??= [];
    window.dataLayer.push(entry);
  }
  return entry;
}

export const trackClick = (label: string, extra?: AnalyticsExtra) => pushEvent('button_click', label, extra);
/** A route's path, or 'modale_conferma' when the confirmation modal opens (SPEC §4). */
export const trackPageView = (name: string) => pushEvent('page_view', name);
export const trackPopup = (name: string, extra?: AnalyticsExtra) => pushEvent('popup', name, extra);
/** SPEC §8: the error toast reports the message, or a custom label. */
export const trackError = (label: string) => pushEvent('error', label);

// ── clicks ──

/** A fixed name for a control (icon buttons) or a group of dynamic choices ('servizio', 'orario'). */
export const ANALYTICS_LABEL_ATTRIBUTE = 'data-analytics-label';

/**
 * What a person can press: buttons, links, and Ark UI's choice items (a radio card, a checkbox),
 * which are labels around a hidden input.
 */
export const CLICKABLE = [
  'button',
  'a[href]',
  '[role="button"]',
  '[role="option"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[data-scope="radio-group"][data-part="item"]',
  '[data-scope="checkbox"][data-part="root"]',
].join(', ');

const textOf = (element: Element | null | undefined): string =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The label of the choice's own text, not its notes and price. */
const choiceText = (control: Element): string =>
  textOf(control.querySelector('[data-part="item-text"], [data-scope="checkbox"][data-part="label"]')) ||
  textOf(control);

export interface ClickLabel {
  label: string;
  /** The pressed item's text when the label names a group of dynamic choices. */
  value?: string;
}

/**
 * The stable label of a pressed control: its fixed name (`data-analytics-label`, on the control or
 * a group around it, which makes the control's own text the `value`), else its visible text (the
 * SPEC copy: 'AVANTI', 'Solo 1'), else its accessible name. Null for what is not a control.
 */
export function clickLabelOf(target: Element): ({ control: Element } & ClickLabel) | null {
  const control = target.closest(CLICKABLE);
  if (!control) return null;
  const own = control.getAttribute(ANALYTICS_LABEL_ATTRIBUTE);
  if (own) return { control, label: own };
  const group = control.parentElement?.closest(`[${ANALYTICS_LABEL_ATTRIBUTE}]`);
  const ariaLabel = control.getAttribute('aria-label')?.trim() ?? '';
  if (group) {
    // A day's aria-label says its full date; its text only the weekday and number.
    const value = ariaLabel || choiceText(control);
    const label = group.getAttribute(ANALYTICS_LABEL_ATTRIBUTE) ?? '';
    return value ? { control, label, value } : { control, label };
  }
  // A symbol ('+', '−') says less than the control's accessible name.
  const text = /\p{L}/u.test(choiceText(control)) ? choiceText(control) : ariaLabel || choiceText(control);
  return text ? { control, label: text } : null;
}

/**
 * One delegated listener for every click of the app. A choice item is a label around an input:
 * pressing it clicks both in one go, and only the first counts. A suggestion of a list box
 * (role option) counts when the pointer goes down on it: lists pick on mousedown and close before
 * the click.
 */
export function listenForClicks(root: Document | HTMLElement = document): () => void {
  let justPressed: Element | null = null;
  const report = (event: Event, options: boolean) => {
    if (!(event.target instanceof Element)) return;
    const found = clickLabelOf(event.target);
    if (!found || found.control === justPressed) return;
    if (found.control.matches('[role="option"]') !== options) return;
    if (found.control.matches(':disabled, [aria-disabled="true"], [data-disabled]')) return;
    justPressed = found.control;
    setTimeout(() => {
      justPressed = null;
    }, 0);
    trackClick(found.label, found.value === undefined ? undefined : { value: found.value });
  };
  const onClick = (event: Event) => report(event, false);
  const onPointerDown = (event: Event) => report(event, true);
  root.addEventListener('click', onClick, true);
  root.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    root.removeEventListener('pointerdown', onPointerDown, true);
  };
}

// ── tag manager ──

/**
 * Google Tag Manager, only when a container id is configured, after the first paint so it never
 * delays the app: the usual `gtm.js` start event, then the script from googletagmanager.com.
 */
export function loadTagManager(containerId: string | undefined, doc: Document = document): void {
  if (!containerId) return;
  const inject = () => {
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = doc.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
    doc.head.appendChild(script);
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(inject, 0));
  if (doc.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}
