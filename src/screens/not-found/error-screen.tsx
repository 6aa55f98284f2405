import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useErrorPageShown } from './error-page-shown';
import { ErrorBox } from '../../components/error-box';
import { reloadPage } from '../../lib/reload';

const RELOAD_KEY = 'musa-reload-after:';

/** Chromium, Firefox and Safari word a failed dynamic import differently. */
export const isModuleNotFoundError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    error.message,
  );

/**
 * The error page (SPEC §2): 'Errore 404' with the not-found text for "No route matches", else
 * the message. A route module that failed to load (a new deployment replaced it) reloads the
 * page once.
 */
export function ErrorScreen({ error }: ErrorComponentProps) {
  useErrorPageShown();
  const moduleMissing = isModuleNotFoundError(error);
  const message = error instanceof Error ? error.message : String(error);

  useEffect(() => {
    if (!moduleMissing) return;
    try {
      if (window.sessionStorage.getItem(RELOAD_KEY + message)) return;
      window.sessionStorage.setItem(RELOAD_KEY + message, '1');
    } catch {
      return;
    }
    reloadPage();
  }, [moduleMissing, message]);

  return <ErrorBox message={message} />;
}
