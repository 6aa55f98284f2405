/**
 * Effects the machines declare and the app provides (`.provide()`), written once so every
 * machine names them the same way. Stubs fail loudly: a missing implementation is a bug.
 */
import { fromPromise } from 'xstate';
import type { ToastType } from '../../contract/constants';

/** An actor that says it was not provided. */
export const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`${name} is not provided: pass it with machine.provide()`)),
  );

export interface ToastParams {
  type: ToastType;
  title: string;
  description?: string;
}

export interface TrackParams {
  /** Analytics event name: 'page_view', 'purchase', 'popup'… (docs/analytics.md) */
  event: string;
  label?: string;
  /** Fields of this event beside the label, e.g. the upsell box's `upsell_group`. */
  fields?: Record<string, string>;
}

/** The tag of every state in which a dialog, sheet or box is open. */
export const DIALOG_TAG = 'dialog';

/**
 * The `popup` event a dialog sends when it opens: the entry action of its open state (or the
 * transition that opens it, when a busy state inside the dialog returns to the open one).
 */
export const popup = (label: string) => ({ type: 'track', params: { event: 'popup', label } }) as const;

/** Message of an actor error, as the server or the maps service wrote it. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Errore';
